/* The image occlusion builder's state: the selection and the edits on it, the zoom, and the pointer's drags. */
import { useLayoutEffect, useRef, useState, type PointerEvent, type RefObject } from 'react'
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

export const ZOOMS = [1, 1.5, 2, 3, 4]

export type Tool = 'draw' | 'hand'

type Drag =
  | { kind: 'draw'; start: Point; current: Point }
  | {
      kind: 'move'
      start: Point
      current: Point
      ids: Set<string>
      clicked: string
      moved: boolean
    }
  | { kind: 'resize'; id: string; corner: Corner; current: Point }
  | { kind: 'pan'; x: number; y: number; left: number; top: number }

/** The masks as they look while a drag is under way. */
function dragged(masks: Mask[], drag: Drag | null) {
  if (drag?.kind === 'move' && drag.moved) {
    const moved = new Map(
      moveMasks(
        masks.filter((mask) => drag.ids.has(mask.id)),
        drag.current.x - drag.start.x,
        drag.current.y - drag.start.y
      ).map((mask) => [mask.id, mask])
    )
    return masks.map((mask) => moved.get(mask.id) ?? mask)
  }
  if (drag?.kind === 'resize')
    return masks.map((mask) =>
      mask.id === drag.id ? resizeMask(mask, drag.corner, drag.current) : mask
    )
  return masks
}

/** A press on a mask: Shift adds or takes it from the selection; a press on an unselected mask selects it alone. */
function selectionAfterPress(selected: Set<string>, id: string, shift: boolean) {
  if (shift) {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    return next
  }
  return selected.has(id) ? selected : new Set([id])
}

/** The masks and the edits on the selected ones; every change goes out with groups renumbered. */
export function useMaskEditing({
  masks,
  hideAll,
  onChange,
}: {
  masks: Mask[]
  hideAll: boolean
  onChange: (next: Occlusion) => void
}) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const live = masks.filter((mask) => selected.has(mask.id))
  const commit = (next: Mask[], nextHideAll = hideAll) =>
    onChange({ masks: normalizeGroups(next), hideAll: nextHideAll })
  const removeSelected = () => {
    if (!selected.size) return
    commit(masks.filter((mask) => !selected.has(mask.id)))
    setSelected(new Set())
  }
  const nudge = (dx: number, dy: number) => {
    const moved = new Map(moveMasks(live, dx, dy).map((mask) => [mask.id, mask]))
    commit(masks.map((mask) => moved.get(mask.id) ?? mask))
  }
  return {
    masks,
    hideAll,
    selected,
    setSelected,
    live,
    commit,
    removeSelected,
    nudge,
    group: () => commit(groupMasks(masks, selected)),
    ungroup: () => commit(ungroupMasks(masks, selected)),
  }
}

export type MaskEditing = ReturnType<typeof useMaskEditing>

/** The zoom steps; the centre of the view stays where it was. */
export function useZoom(viewportRef: RefObject<HTMLDivElement | null>) {
  const [zoom, setZoom] = useState(1)
  /** the centre of the view, kept across zoom changes */
  const centre = useRef<Point | null>(null)

  const changeZoom = (direction: 1 | -1) => {
    const index = ZOOMS.indexOf(zoom)
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, index + direction))]
    if (next === zoom) return
    const view = viewportRef.current
    if (view) {
      centre.current = {
        x: (view.scrollLeft + view.clientWidth / 2) / view.scrollWidth,
        y: (view.scrollTop + view.clientHeight / 2) / view.scrollHeight,
      }
    }
    setZoom(next)
  }

  useLayoutEffect(() => {
    const view = viewportRef.current
    if (!view || !centre.current) return
    view.scrollLeft = centre.current.x * view.scrollWidth - view.clientWidth / 2
    view.scrollTop = centre.current.y * view.scrollHeight - view.clientHeight / 2
    centre.current = null
  }, [viewportRef, zoom])

  return { zoom, changeZoom }
}

/** Where the pointer is on the image, as fractions of its size (kept inside it). */
function pointIn(stage: HTMLElement, event: { clientX: number; clientY: number }): Point {
  const rect = stage.getBoundingClientRect()
  return {
    x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
    y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
  }
}

type Surfaces = {
  viewport: RefObject<HTMLDivElement | null>
  stage: RefObject<HTMLDivElement | null>
}

/**
 * The pointer on the image: draw a mask, move the selection, drag a corner,
 * or (the hand) pan the view. Pointer events throughout, so mouse, pen and
 * touch all work.
 */
export function useMaskDrag(
  editing: MaskEditing,
  tool: Tool,
  { viewport: viewportRef, stage }: Surfaces
) {
  const { masks, selected, setSelected, commit } = editing
  const [drag, setDrag] = useState<Drag | null>(null)
  const shown = dragged(masks, drag)

  const pointAt = (event: { clientX: number; clientY: number }) => pointIn(stage.current!, event)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    viewportRef.current?.focus({ preventScroll: true })
    const view = viewportRef.current!
    if (tool === 'hand') {
      /* fingers scroll natively (touch-action); mouse and pen drag the view */
      if (event.pointerType === 'touch') return
      event.currentTarget.setPointerCapture(event.pointerId)
      setDrag({
        kind: 'pan',
        x: event.clientX,
        y: event.clientY,
        left: view.scrollLeft,
        top: view.scrollTop,
      })
      return
    }
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    const target = event.target as HTMLElement
    const point = pointAt(event)
    const corner = target.closest<HTMLElement>('[data-corner]')
    const maskElement = target.closest<HTMLElement>('[data-mask]')
    if (corner && maskElement) {
      setDrag({
        kind: 'resize',
        id: maskElement.dataset.mask!,
        corner: corner.dataset.corner as Corner,
        current: point,
      })
    } else if (maskElement) {
      const id = maskElement.dataset.mask!
      const next = selectionAfterPress(selected, id, event.shiftKey)
      setSelected(next)
      if (next.has(id))
        setDrag({
          kind: 'move',
          start: point,
          current: point,
          ids: next,
          clicked: id,
          moved: false,
        })
    } else {
      if (!event.shiftKey) setSelected(new Set())
      setDrag({ kind: 'draw', start: point, current: point })
    }
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return
    if (drag.kind === 'pan') {
      viewportRef.current!.scrollLeft = drag.left - (event.clientX - drag.x)
      viewportRef.current!.scrollTop = drag.top - (event.clientY - drag.y)
      return
    }
    const point = pointAt(event)
    if (drag.kind === 'move') {
      const rect = stage.current!.getBoundingClientRect()
      /* a few pixels of jitter is still a click */
      const moved =
        drag.moved ||
        Math.hypot((point.x - drag.start.x) * rect.width, (point.y - drag.start.y) * rect.height) >
          3
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

  const draft = drag?.kind === 'draw' ? rectFrom(drag.start, drag.current) : null
  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => setDrag(null),
  }
  return { shown, draft, panning: drag?.kind === 'pan', handlers }
}
