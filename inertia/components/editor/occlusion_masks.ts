import type { OcclusionAttachment } from '#note_types/types'

/** An image's masks, as a note stores them (the server's type). */
export type Occlusion = OcclusionAttachment
/** A rectangle hiding part of the image; fractions (0..1) of the image's size, angle in degrees. */
export type Mask = Occlusion['masks'][number]
export type Point = { x: number; y: number }
export type Corner = 'nw' | 'ne' | 'sw' | 'se'

/** Smallest mask, as a fraction of the image: anything smaller was a click. */
export const MIN_SIZE = 0.01

const clamp = (value: number, min = 0, max = 1) => Math.min(max, Math.max(min, value))

export function newMaskId() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}

/** Groups numbered 1..n in their current order, with no gaps (a card per group). */
export function normalizeGroups(masks: Mask[]) {
  const order = [...new Set(masks.map((mask) => mask.group))].sort((a, b) => a - b)
  const number = new Map(order.map((group, index) => [group, index + 1]))
  return masks.map((mask) =>
    number.get(mask.group) === mask.group ? mask : { ...mask, group: number.get(mask.group)! }
  )
}

export const nextGroup = (masks: Mask[]) =>
  masks.reduce((max, mask) => Math.max(max, mask.group), 0) + 1

/** The rectangle two corners span, kept inside the image. */
export function rectFrom(a: Point, b: Point) {
  const x = clamp(Math.min(a.x, b.x))
  const y = clamp(Math.min(a.y, b.y))
  return { x, y, width: clamp(Math.max(a.x, b.x)) - x, height: clamp(Math.max(a.y, b.y)) - y }
}

/** Moves masks by (dx, dy), all together, without any leaving the image. */
export function moveMasks(masks: Mask[], dx: number, dy: number) {
  const minDx = Math.max(...masks.map((mask) => -mask.x))
  const maxDx = Math.min(...masks.map((mask) => 1 - mask.x - mask.width))
  const minDy = Math.max(...masks.map((mask) => -mask.y))
  const maxDy = Math.min(...masks.map((mask) => 1 - mask.y - mask.height))
  const ddx = clamp(dx, minDx, maxDx)
  const ddy = clamp(dy, minDy, maxDy)
  return masks.map((mask) => ({ ...mask, x: mask.x + ddx, y: mask.y + ddy }))
}

/** Drags one corner of a mask to `to`; the opposite corner stays. */
export function resizeMask(mask: Mask, corner: Corner, to: Point) {
  const fixed = {
    x: corner.includes('w') ? mask.x + mask.width : mask.x,
    y: corner.includes('n') ? mask.y + mask.height : mask.y,
  }
  const rect = rectFrom(fixed, to)
  return {
    ...mask,
    ...rect,
    width: Math.max(rect.width, MIN_SIZE),
    height: Math.max(rect.height, MIN_SIZE),
  }
}

/** The selected masks become one group (one card). */
export function groupMasks(masks: Mask[], selected: Set<string>) {
  const chosen = masks.filter((mask) => selected.has(mask.id))
  if (chosen.length < 2) return masks
  const group = Math.min(...chosen.map((mask) => mask.group))
  return normalizeGroups(masks.map((mask) => (selected.has(mask.id) ? { ...mask, group } : mask)))
}

/**
 * Each selected mask gets a group (a card) of its own, numbered right after
 * the group it leaves, so the cards keep their order.
 */
export function ungroupMasks(masks: Mask[], selected: Set<string>) {
  const seen = new Map<number, number>()
  return normalizeGroups(
    masks.map((mask) => {
      if (!selected.has(mask.id)) return mask
      const index = seen.get(mask.group) ?? 0
      seen.set(mask.group, index + 1)
      /* between this group and the next: normalizeGroups turns it into an integer */
      return index === 0 ? mask : { ...mask, group: mask.group + index / (masks.length + 1) }
    })
  )
}
