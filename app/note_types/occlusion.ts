import type { CardSide, OcclusionAttachment, OcclusionMask } from '#note_types/types'

/*
 * Image occlusion: the image of the field with masks drawn over it. Masks are
 * divs placed with percentages so they follow the image when it scales; the
 * wrapper and masks get their positioning from CSS classes (see builtin.ts),
 * inline styles carry only left/top/width/height and rotation, which is all
 * the field sanitizer lets through.
 *
 * Groups are positive integers; each group is one card (ord = group - 1, see
 * cards.ts). Masks with a group below 1 or non-finite geometry are ignored.
 */

function isUsable(mask: OcclusionMask): boolean {
  return (
    Number.isInteger(mask.group) &&
    mask.group >= 1 &&
    [mask.x, mask.y, mask.width, mask.height].every(Number.isFinite)
  )
}

function usableMasks(attachment: OcclusionAttachment | null | undefined): OcclusionMask[] {
  return (attachment?.masks ?? []).filter(isUsable)
}

export function occlusionGroups(attachment: OcclusionAttachment | null | undefined): number[] {
  return [...new Set(usableMasks(attachment).map((mask) => mask.group))].sort((a, b) => a - b)
}

/* First <img> of a sanitized field; attributes are quoted there, so a '>' ends the tag. */
export function firstImage(html: string): string | null {
  const match = /<img\b[^>]*>/i.exec(html ?? '')
  return match ? match[0] : null
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/* Up to 4 decimals, never exponent notation (which the style allowlist would reject). */
function percent(fraction: number): string {
  const value = Number((clamp(fraction, 0, 1) * 100).toFixed(4))
  return `${value === 0 ? 0 : value}%`
}

function maskStyle(mask: OcclusionMask): string {
  const style =
    `left:${percent(mask.x)};top:${percent(mask.y)};` +
    `width:${percent(mask.width)};height:${percent(mask.height)}`
  const angle = Number.isFinite(mask.angle) ? Number((mask.angle % 360).toFixed(2)) : 0
  return angle === 0 ? style : `${style};transform:rotate(${angle}deg)`
}

type MaskState = 'hidden' | 'active' | 'revealed'

function maskHtml(mask: OcclusionMask, state: MaskState): string {
  const classes =
    state === 'active'
      ? 'occlusion-mask occlusion-mask-active'
      : state === 'revealed'
        ? 'occlusion-mask occlusion-mask-revealed'
        : 'occlusion-mask'
  return `<div class="${classes}" data-occlusion-group="${mask.group}" style="${maskStyle(mask)}"></div>`
}

/*
 * Front: hide-all draws every mask (the asked group highlighted), hide-one
 * only the asked group. Back: the asked group becomes an outline, the others
 * stay as on the front.
 */
function stateOf(
  mask: OcclusionMask,
  group: number,
  hideAll: boolean,
  side: CardSide
): MaskState | null {
  if (mask.group === group) return side === 'front' ? 'active' : 'revealed'
  return hideAll ? 'hidden' : null
}

export function renderOcclusion(
  imageHtml: string,
  attachment: OcclusionAttachment | null | undefined,
  group: number,
  side: CardSide
): string {
  const image = firstImage(imageHtml)
  if (!image) return imageHtml ?? ''
  const hideAll = attachment?.hideAll ?? true
  const masks = usableMasks(attachment)
    .map((mask) => {
      const state = stateOf(mask, group, hideAll, side)
      return state ? maskHtml(mask, state) : ''
    })
    .join('')
  const mode = hideAll ? 'occlusion-hide-all' : 'occlusion-hide-one'
  return `<div class="occlusion ${mode} occlusion-${side}" data-occlusion-group="${group}">${image}${masks}</div>`
}
