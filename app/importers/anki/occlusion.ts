import type { OcclusionMask } from '#note_types/types'

/*
 * Anki's image occlusion keeps its shapes in a cloze field:
 *   {{c2::image-occlusion:rect:left=.2325:top=.3261:width=.202:height=.0975:oi=1}}
 * Positions are fractions of the image (Anki 23.10 normalises them), the
 * angle is stored in 1/10000 of a turn, `oi=1` means the other shapes stay
 * hidden ("hide all, guess one"). Values escape ':' and '\' with a backslash.
 * The product's masks are rectangles: ellipses and polygons become their
 * bounding box; text labels are not masks and are dropped.
 */

const ANGLE_STEPS = 10_000
const SHAPE = /\{\{c(\d+)::image-occlusion:(.*?)\}\}/gs

export interface ParsedOcclusions {
  masks: OcclusionMask[]
  hideAll: boolean
  /** ellipses and polygons drawn as their bounding box */
  approximated: number
  /** text labels and shapes that could not be read */
  dropped: number
}

/** Splits `rect:left=.1:top=.2` on unescaped colons and unescapes the parts. */
function splitProperties(text: string): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\\' && i + 1 < text.length) {
      current += text[++i]
    } else if (char === ':') {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

export function parseOcclusions(field: string): ParsedOcclusions {
  const result: ParsedOcclusions = { masks: [], hideAll: false, approximated: 0, dropped: 0 }
  for (const match of field.matchAll(SHAPE)) {
    const group = Number(match[1])
    const [shape, ...pairs] = splitProperties(match[2])
    const props = new Map<string, string>()
    for (const pair of pairs) {
      const eq = pair.indexOf('=')
      if (eq > 0) props.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const num = (name: string) => Number.parseFloat(props.get(name) ?? '')
    if (props.get('oi') === '1') result.hideAll = true

    let box: { x: number; y: number; width: number; height: number } | null = null
    if (shape === 'rect') {
      box = { x: num('left'), y: num('top'), width: num('width'), height: num('height') }
    } else if (shape === 'ellipse') {
      box = { x: num('left'), y: num('top'), width: 2 * num('rx'), height: 2 * num('ry') }
    } else if (shape === 'polygon') {
      const points = (props.get('points') ?? '')
        .split(' ')
        .map((pair) => pair.split(',').map(Number.parseFloat))
        .filter((point) => point.length === 2 && point.every(Number.isFinite))
      if (points.length) {
        const xs = points.map(([x]) => x)
        const ys = points.map(([, y]) => y)
        box = {
          x: Math.min(...xs),
          y: Math.min(...ys),
          width: Math.max(...xs) - Math.min(...xs),
          height: Math.max(...ys) - Math.min(...ys),
        }
      }
    }
    if (!box || group < 1 || ![box.x, box.y, box.width, box.height].every(Number.isFinite)) {
      result.dropped++
      continue
    }
    if (shape !== 'rect') result.approximated++
    const stored = num('angle')
    const angle = Number.isFinite(stored) ? ((stored % ANGLE_STEPS) / ANGLE_STEPS) * 360 : 0
    result.masks.push({
      id: `m${result.masks.length + 1}`,
      group,
      x: clamp01(box.x),
      y: clamp01(box.y),
      width: clamp01(box.width),
      height: clamp01(box.height),
      angle: Number(angle.toFixed(4)),
    })
  }
  return result
}

/* Anki writes at most four decimals without the leading zero (".2325") */
function display(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '.0000'
  return value.toFixed(4).replace(/^0+|0+$/g, '')
}

/** The Occlusion field Anki expects for the product's masks (one cloze per mask, `cN` = group). */
export function formatOcclusions(masks: OcclusionMask[], hideAll: boolean): string {
  return masks
    .map((mask) => {
      let text =
        `{{c${mask.group}::image-occlusion:rect:left=${display(mask.x)}:top=${display(mask.y)}` +
        `:width=${display(mask.width)}:height=${display(mask.height)}`
      const angle = Math.round(((Number(mask.angle) % 360) / 360) * ANGLE_STEPS)
      if (angle) text += `:angle=${angle}`
      if (hideAll) text += ':oi=1'
      return `${text}}}<br>`
    })
    .join('')
}
