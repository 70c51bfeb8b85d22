import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useT } from '~/lib/i18n'
import { Tooltip } from '~/components/tooltip'
import { ToolButton } from './tool_button'
import { HandIcon, PointerIcon } from './icons'
import { isMod, useShortcut } from './shortcuts'
import {
  MIN_SIZE,
  groupMasks,
  moveMasks,
  newMaskId,
  nextGroup,
  normalizeGroups,
  rectFrom,
  resizeMask,
  ungroupMasks,
  type Corner,
  type Mask,
  type Occlusion,
  type Point,
} from './occlusion_masks'
import '~/css/editor.css'

export type { Mask, Occlusion } from './occlusion_masks'

export type OcclusionBuilderProps = {
  imageUrl: string
  masks: Mask[]
  /** true: every mask is hidden on every card ("hide all, guess one") */
  hideAll: boolean
  onChange: (next: Occlusion) => void
}

const ZOOMS = [1, 1.5, 2, 3, 4]
const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se']
/** arrow keys move the selection by this fraction of the image (ten times with Shift) */
const NUDGE = 0.005

type Drag =
  | { kind: 'draw'; start: Point; current: Point }
  | { kind: 'move'; start: Point; current: Point; ids: Set<string>; clicked: string; moved: boolean }
  | { kind: 'resize'; id: string; corner: Corner; current: Point }
  | { kind: 'pan'; x: number; y: number; left: number; top: number }

/** The masks as they look while a drag is under way. */
function dragged(masks: Mask[], drag: Drag | null) {
  if (drag?.kind === 'move' && drag.moved) {
    const moved = new Map(moveMasks(masks.filter((mask) => drag.ids.has(mask.id)), drag.current.x - drag.start.x, drag.current.y - drag.start.y).map((mask) => [mask.id, mask]))
    return masks.map((mask) => moved.get(mask.id) ?? mask)
  }
  if (drag?.kind === 'resize') return masks.map((mask) => (mask.id === drag.id ? resizeMask(mask, drag.corner, drag.current) : mask))
  return masks
}

const percent = (value: number) => `${value * 100}%`

/**
 * Image occlusion: draw rectangles over an image, group them into cards.
 * Pointer events throughout, so mouse, pen and touch all work.
 */
export function OcclusionBuilder({ imageUrl, masks, hideAll, onChange }: OcclusionBuilderProps) {
  const t = useT()
  const shortcut = useShortcut()
  const hintId = useId()
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const [tool, setTool] = useState<'draw' | 'hand'>('draw')
  const [zoom, setZoom] = useState(1)
  const [aspect, setAspect] = useState<number | null>(null)
  const [drag, setDrag] = useState<Drag | null>(null)
  const viewport = useRef<HTMLDivElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  /** the centre of the view, kept across zoom changes */
  const centre = useRef<Point | null>(null)

  const shown = dragged(masks, drag)
  const live = masks.filter((mask) => selected.has(mask.id))
  const groups = new Set(masks.map((mask) => mask.group)).size

  const commit = (next: Mask[], nextHideAll = hideAll) => onChange({ masks: normalizeGroups(next), hideAll: nextHideAll })

  const pointAt = (event: { clientX: number; clientY: number }): Point => {
    const rect = stage.current!.getBoundingClientRect()
    return {
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    }
  }

  const changeZoom = (direction: 1 | -1) => {
    const index = ZOOMS.indexOf(zoom)
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, index + direction))]
    if (next === zoom) return
    const view = viewport.current
    if (view) {
      centre.current = {
        x: (view.scrollLeft + view.clientWidth / 2) / view.scrollWidth,
        y: (view.scrollTop + view.clientHeight / 2) / view.scrollHeight,
      }
    }
    setZoom(next)
  }

  useLayoutEffect(() => {
    const view = viewport.current
    if (!view || !centre.current) return
    view.scrollLeft = centre.current.x * view.scrollWidth - view.clientWidth / 2
    view.scrollTop = centre.current.y * view.scrollHeight - view.clientHeight / 2
    centre.current = null
  }, [zoom])

  const removeSelected = () => {
    if (!selected.size) return
    commit(masks.filter((mask) => !selected.has(mask.id)))
    setSelected(new Set())
  }
  const group = () => commit(groupMasks(masks, selected))
  const ungroup = () => commit(ungroupMasks(masks, selected))

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    viewport.current?.focus({ preventScroll: true })
    const view = viewport.current!
    if (tool === 'hand') {
      /* fingers scroll natively (touch-action); mouse and pen drag the view */
      if (event.pointerType === 'touch') return
      event.currentTarget.setPointerCapture(event.pointerId)
      setDrag({ kind: 'pan', x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop })
      return
    }
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    const target = event.target as HTMLElement
    const point = pointAt(event)
    const corner = target.closest<HTMLElement>('[data-corner]')
    const maskElement = target.closest<HTMLElement>('[data-mask]')

    if (corner && maskElement) {
      setDrag({ kind: 'resize', id: maskElement.dataset.mask!, corner: corner.dataset.corner as Corner, current: point })
    } else if (maskElement) {
      const id = maskElement.dataset.mask!
      let next = selected
      if (event.shiftKey) {
        next = new Set(selected)
        if (next.has(id)) next.delete(id)
        else next.add(id)
      } else if (!selected.has(id)) {
        next = new Set([id])
      }
      setSelected(next)
      if (next.has(id)) setDrag({ kind: 'move', start: point, current: point, ids: next, clicked: id, moved: false })
    } else {
      if (!event.shiftKey) setSelected(new Set())
      setDrag({ kind: 'draw', start: point, current: point })
    }
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return
    if (drag.kind === 'pan') {
      viewport.current!.scrollLeft = drag.left - (event.clientX - drag.x)
      viewport.current!.scrollTop = drag.top - (event.clientY - drag.y)
      return
    }
    const point = pointAt(event)
    if (drag.kind === 'move') {
      const rect = stage.current!.getBoundingClientRect()
      /* a few pixels of jitter is still a click */
      const moved = drag.moved || Math.hypot((point.x - drag.start.x) * rect.width, (point.y - drag.start.y) * rect.height) > 3
      setDrag({ ...drag, current: point, moved })
    } else {
      setDrag({ ...drag, current: point })
    }
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return
    setDrag(null)
    if (drag.kind === 'draw') {
      const rect = rectFrom(drag.start, pointAt(event))
      if (rect.width < MIN_SIZE || rect.height < MIN_SIZE) return
      const mask: Mask = { id: newMaskId(), group: nextGroup(masks), angle: 0, ...rect }
      commit([...masks, mask])
      setSelected(event.shiftKey ? new Set([...selected, mask.id]) : new Set([mask.id]))
    } else if (drag.kind === 'move') {
      if (drag.moved) commit(shown)
      else if (!event.shiftKey && selected.size > 1) setSelected(new Set([drag.clicked]))
    } else if (drag.kind === 'resize') {
      commit(shown)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = isMod(event)
    const key = event.key.toLowerCase()
    let handled = true
    if (mod && event.key === 'ArrowUp') changeZoom(1)
    else if (mod && event.key === 'ArrowDown') changeZoom(-1)
    else if (mod && key === 'g') (event.shiftKey ? ungroup : group)()
    else if (mod && key === 'a') setSelected(new Set(masks.map((mask) => mask.id)))
    else if (mod || event.altKey) handled = false
    else if (event.key === 'Delete' || event.key === 'Backspace') removeSelected()
    else if (key === 'h') setTool(tool === 'hand' ? 'draw' : 'hand')
    else if (key === 'v') setTool('draw')
    else if (event.key === 'Escape' && selected.size) setSelected(new Set())
    else if (event.key.startsWith('Arrow') && live.length) {
      const step = event.shiftKey ? NUDGE * 10 : NUDGE
      const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0
      const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0
      const moved = new Map(moveMasks(live, dx, dy).map((mask) => [mask.id, mask]))
      commit(masks.map((mask) => moved.get(mask.id) ?? mask))
    } else handled = false
    if (handled) event.preventDefault()
  }

  const draft = drag?.kind === 'draw' ? rectFrom(drag.start, drag.current) : null
  const stageWidth = aspect ? `calc(${zoom} * min(100%, ${aspect} * var(--io-max-height)))` : `${zoom * 100}%`

  return (
    <div className="occlusion" onKeyDown={onKeyDown}>
      <div className="io-toolbar" role="toolbar" aria-label={t('editor.occlusion.toolbar')}>
        <ToolButton label={t('editor.occlusion.draw')} shortcut="V" active={tool === 'draw'} onClick={() => setTool('draw')}>
          <PointerIcon />
        </ToolButton>
        <ToolButton label={t('editor.occlusion.hand')} shortcut="H" active={tool === 'hand'} onClick={() => setTool(tool === 'hand' ? 'draw' : 'hand')}>
          <HandIcon />
        </ToolButton>
        <span className="tool-separator" />
        <ToolButton label={t('editor.occlusion.zoom_out')} shortcut={shortcut('Mod+Down')} disabled={zoom === ZOOMS[0]} onClick={() => changeZoom(-1)}>
          <span className="tool-text">−</span>
        </ToolButton>
        <span className="io-zoom" aria-live="polite">
          {t('editor.occlusion.zoom', { zoom })}
        </span>
        <ToolButton label={t('editor.occlusion.zoom_in')} shortcut={shortcut('Mod+Up')} disabled={zoom === ZOOMS[ZOOMS.length - 1]} onClick={() => changeZoom(1)}>
          <span className="tool-text">+</span>
        </ToolButton>
        <span className="tool-separator" />
        {/* aria-disabled, not disabled: a focused button that gets disabled would keep its tooltip */}
        <Tooltip label={t('editor.occlusion.group_hint')} shortcut={shortcut('Mod+G')}>
          <button type="button" className="button small" aria-disabled={live.length < 2 || undefined} onClick={() => live.length > 1 && group()}>
            {t('editor.occlusion.group')}
          </button>
        </Tooltip>
        <Tooltip label={t('editor.occlusion.ungroup_hint')} shortcut={shortcut('Mod+Shift+G')}>
          <button type="button" className="button small" aria-disabled={!live.length || undefined} onClick={() => live.length > 0 && ungroup()}>
            {t('editor.occlusion.ungroup')}
          </button>
        </Tooltip>
        <Tooltip label={t('editor.occlusion.delete')} shortcut={shortcut('Delete')}>
          <button type="button" className="button small ghost" aria-disabled={!live.length || undefined} onClick={removeSelected}>
            {t('editor.occlusion.delete')}
          </button>
        </Tooltip>
      </div>

      <div
        ref={viewport}
        className={`io-viewport io-tool-${tool}${drag?.kind === 'pan' ? ' io-panning' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={t('editor.occlusion.canvas')}
        aria-describedby={hintId}
      >
        <div
          ref={stage}
          className="io-stage"
          style={{ width: stageWidth }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
        >
          <img
            src={imageUrl}
            alt=""
            draggable={false}
            onLoad={(event) => setAspect(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight || null)}
          />
          {shown.map((mask) => {
            const isSelected = selected.has(mask.id)
            return (
              <div
                key={mask.id}
                data-mask={mask.id}
                className={`io-edit-mask${isSelected ? ' selected' : ''}`}
                aria-label={t('editor.occlusion.mask', { group: mask.group })}
                style={{
                  left: percent(mask.x),
                  top: percent(mask.y),
                  width: percent(mask.width),
                  height: percent(mask.height),
                  transform: mask.angle ? `rotate(${mask.angle}deg)` : undefined,
                }}
              >
                <span className="io-group">{mask.group}</span>
                {isSelected && tool === 'draw' && CORNERS.map((corner) => <span key={corner} data-corner={corner} className={`io-handle io-handle-${corner}`} />)}
              </div>
            )
          })}
          {draft && (
            <div className="io-draft" style={{ left: percent(draft.x), top: percent(draft.y), width: percent(draft.width), height: percent(draft.height) }} />
          )}
        </div>
      </div>

      <div className="io-footer">
        <small className="muted" id={hintId}>
          {masks.length ? t('editor.occlusion.summary', { masks: masks.length, cards: groups }) : t('editor.occlusion.hint')}
        </small>
        <div className="segmented-small" role="radiogroup" aria-label={t('editor.occlusion.mode')}>
          <button type="button" role="radio" aria-checked={hideAll} onClick={() => commit(masks, true)}>
            {t('editor.occlusion.hide_all')}
          </button>
          <button type="button" role="radio" aria-checked={!hideAll} onClick={() => commit(masks, false)}>
            {t('editor.occlusion.hide_one')}
          </button>
        </div>
      </div>
    </div>
  )
}
