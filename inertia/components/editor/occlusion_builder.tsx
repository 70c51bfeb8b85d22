import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useT } from '~/lib/i18n'
import { Tooltip } from '~/components/ui/tooltip'
import { ToolButton } from './tool_button'
import { HandIcon, PointerIcon, ZoomInIcon, ZoomOutIcon } from './icons'
import { isMod, useShortcut } from './shortcuts'
import {
  ZOOMS,
  useMaskDrag,
  useMaskEditing,
  useZoom,
  type MaskEditing,
  type Tool,
} from './use_occlusion'
import type { Corner, Mask, Occlusion } from './occlusion_masks'
import {
  DetectionBar,
  ProposedMasks,
  useTextDetection,
  type TextDetection,
} from './occlusion_detect'
import '~/css/editor.css'

export type OcclusionBuilderProps = {
  imageUrl: string
  masks: Mask[]
  /** true: every mask is hidden on every card ("hide all, guess one") */
  hideAll: boolean
  onChange: (next: Occlusion) => void
}

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se']
/** arrow keys move the selection by this fraction of the image (ten times with Shift) */
const NUDGE = 0.005

const percent = (value: number) => `${value * 100}%`

type Zoom = ReturnType<typeof useZoom>

/** The builder's keys: zoom, group, select all, delete, the tools, Esc, and the arrows that nudge the selection. */
function useBuilderKeys(
  editing: MaskEditing,
  zoom: Zoom,
  tool: Tool,
  setTool: (tool: Tool) => void
) {
  const { masks, selected, setSelected, live } = editing
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const mod = isMod(event)
    const key = event.key.toLowerCase()
    let handled = true
    if (mod && event.key === 'ArrowUp') zoom.changeZoom(1)
    else if (mod && event.key === 'ArrowDown') zoom.changeZoom(-1)
    else if (mod && key === 'g') (event.shiftKey ? editing.ungroup : editing.group)()
    else if (mod && key === 'a') setSelected(new Set(masks.map((mask) => mask.id)))
    else if (mod || event.altKey) handled = false
    else if (event.key === 'Delete' || event.key === 'Backspace') editing.removeSelected()
    else if (key === 'h') setTool(tool === 'hand' ? 'draw' : 'hand')
    else if (key === 'v') setTool('draw')
    else if (event.key === 'Escape' && selected.size) setSelected(new Set())
    else if (event.key.startsWith('Arrow') && live.length) {
      const step = event.shiftKey ? NUDGE * 10 : NUDGE
      const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0
      const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0
      editing.nudge(dx, dy)
    } else handled = false
    if (handled) event.preventDefault()
  }
}

function BuilderToolbar({
  editing,
  zoom,
  tool,
  setTool,
  detection,
}: {
  editing: MaskEditing
  zoom: Zoom
  tool: Tool
  setTool: (tool: Tool) => void
  detection: TextDetection
}) {
  const t = useT()
  const detecting = detection.detection.state === 'detecting'
  const shortcut = useShortcut()
  const { live } = editing
  return (
    <div className="io-toolbar" role="toolbar" aria-label={t('editor.occlusion.toolbar')}>
      <ToolButton
        label={t('editor.occlusion.draw')}
        shortcut="V"
        active={tool === 'draw'}
        onClick={() => setTool('draw')}
      >
        <PointerIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.occlusion.hand')}
        shortcut="H"
        active={tool === 'hand'}
        onClick={() => setTool(tool === 'hand' ? 'draw' : 'hand')}
      >
        <HandIcon />
      </ToolButton>
      <span className="tool-separator" />
      <ToolButton
        label={t('editor.occlusion.zoom_out')}
        shortcut={shortcut('Mod+Down')}
        disabled={zoom.zoom === ZOOMS[0]}
        onClick={() => zoom.changeZoom(-1)}
      >
        <ZoomOutIcon />
      </ToolButton>
      <span className="io-zoom" aria-live="polite">
        {t('editor.occlusion.zoom', { zoom: zoom.zoom })}
      </span>
      <ToolButton
        label={t('editor.occlusion.zoom_in')}
        shortcut={shortcut('Mod+Up')}
        disabled={zoom.zoom === ZOOMS[ZOOMS.length - 1]}
        onClick={() => zoom.changeZoom(1)}
      >
        <ZoomInIcon />
      </ToolButton>
      <span className="tool-separator" />
      {/* aria-disabled, not disabled: a focused button that gets disabled would keep its tooltip */}
      <Tooltip label={t('editor.occlusion.group_hint')} shortcut={shortcut('Mod+G')}>
        <button
          type="button"
          className="button small"
          aria-disabled={live.length < 2 || undefined}
          onClick={() => live.length > 1 && editing.group()}
        >
          {t('editor.occlusion.group')}
        </button>
      </Tooltip>
      <Tooltip label={t('editor.occlusion.ungroup_hint')} shortcut={shortcut('Mod+Shift+G')}>
        <button
          type="button"
          className="button small"
          aria-disabled={!live.length || undefined}
          onClick={() => live.length > 0 && editing.ungroup()}
        >
          {t('editor.occlusion.ungroup')}
        </button>
      </Tooltip>
      <Tooltip label={t('editor.occlusion.delete')} shortcut={shortcut('Delete')}>
        <button
          type="button"
          className="button small ghost"
          aria-disabled={!live.length || undefined}
          onClick={editing.removeSelected}
        >
          {t('editor.occlusion.delete')}
        </button>
      </Tooltip>
      <span className="tool-separator" />
      <button
        type="button"
        className="button small"
        aria-disabled={detecting || undefined}
        onClick={() => void detection.detect()}
      >
        {detecting ? t('editor.occlusion.detect.detecting') : t('editor.occlusion.detect.button')}
      </button>
    </div>
  )
}

/** One mask over the image, with its group's number; selected, with corners to resize it by. */
function MaskBox({ mask, selected, handles }: { mask: Mask; selected: boolean; handles: boolean }) {
  const t = useT()
  return (
    <div
      data-mask={mask.id}
      className={`io-edit-mask${selected ? ' selected' : ''}`}
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
      {handles &&
        CORNERS.map((corner) => (
          <span key={corner} data-corner={corner} className={`io-handle io-handle-${corner}`} />
        ))}
    </div>
  )
}

/** How many masks make how many cards, and whether a card hides every mask or only its own. */
function BuilderFooter({ editing, hintId }: { editing: MaskEditing; hintId: string }) {
  const t = useT()
  const { masks, hideAll, commit } = editing
  const groups = new Set(masks.map((mask) => mask.group)).size
  return (
    <div className="io-footer">
      <small className="muted" id={hintId}>
        {masks.length
          ? t('editor.occlusion.summary', { masks: masks.length, cards: groups })
          : t('editor.occlusion.hint')}
      </small>
      <div className="segmented-small" role="radiogroup" aria-label={t('editor.occlusion.mode')}>
        <button
          type="button"
          role="radio"
          aria-checked={hideAll}
          onClick={() => commit(masks, true)}
        >
          {t('editor.occlusion.hide_all')}
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={!hideAll}
          onClick={() => commit(masks, false)}
        >
          {t('editor.occlusion.hide_one')}
        </button>
      </div>
    </div>
  )
}

/** Image occlusion: draw rectangles over an image, group them into cards. */
export function OcclusionBuilder({ imageUrl, masks, hideAll, onChange }: OcclusionBuilderProps) {
  const t = useT()
  const hintId = useId()
  const [tool, setTool] = useState<Tool>('draw')
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const aspect = size ? size.width / size.height || null : null
  const viewport = useRef<HTMLDivElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const editing = useMaskEditing({ masks, hideAll, onChange })
  const detection = useTextDetection(imageUrl, size)
  const zoom = useZoom(viewport)
  const drag = useMaskDrag(editing, tool, { viewport, stage })
  const onKeyDown = useBuilderKeys(editing, zoom, tool, setTool)
  const stageWidth = aspect
    ? `calc(${zoom.zoom} * min(100%, ${aspect} * var(--io-max-height)))`
    : `${zoom.zoom * 100}%`
  const { draft } = drag

  return (
    <div className="occlusion" onKeyDown={onKeyDown}>
      <BuilderToolbar
        editing={editing}
        zoom={zoom}
        tool={tool}
        setTool={setTool}
        detection={detection}
      />
      <DetectionBar detection={detection} onAdd={() => editing.commit(detection.accept(masks))} />
      <div
        ref={viewport}
        className={`io-viewport io-tool-${tool}${drag.panning ? ' io-panning' : ''}`}
        tabIndex={0}
        role="group"
        aria-label={t('editor.occlusion.canvas')}
        aria-describedby={hintId}
      >
        <div ref={stage} className="io-stage" style={{ width: stageWidth }} {...drag.handlers}>
          <img
            src={imageUrl}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setSize({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
          />
          {drag.shown.map((mask) => (
            <MaskBox
              key={mask.id}
              mask={mask}
              selected={editing.selected.has(mask.id)}
              handles={editing.selected.has(mask.id) && tool === 'draw'}
            />
          ))}
          <ProposedMasks detection={detection} />
          {draft && (
            <div
              className="io-draft"
              style={{
                left: percent(draft.x),
                top: percent(draft.y),
                width: percent(draft.width),
                height: percent(draft.height),
              }}
            />
          )}
        </div>
      </div>
      <BuilderFooter editing={editing} hintId={hintId} />
    </div>
  )
}
