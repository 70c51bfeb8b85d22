import { sanitizeFieldHtml } from '#note_types/sanitize'
import { hasCloze } from '#note_types/cloze'
import { isFieldEmpty } from '#note_types/plain_text'
import type { CardFormat, GeneratedCard } from '#ai/types'

/** Longest side a generated card may have (the rest is cut): a runaway model makes no giant notes. */
const MAX_SIDE = 4000

/**
 * The JSON objects in a text that arrives piece by piece, each yielded as soon
 * as its closing brace arrives. Brace-matching (aware of strings and escapes)
 * rather than line splitting, so JSON Lines, a JSON array, an object spread
 * over lines or a fenced code block all work.
 */
export async function* jsonObjects(pieces: AsyncIterable<string>): AsyncGenerator<unknown> {
  let buffer = ''
  let depth = 0
  let start = -1
  let inString = false
  let escaped = false
  for await (const piece of pieces) {
    let index = buffer.length
    buffer += piece
    for (; index < buffer.length; index++) {
      const char = buffer[index]
      if (inString) {
        if (escaped) escaped = false
        else if (char === '\\') escaped = true
        else if (char === '"') inString = false
        continue
      }
      if (char === '"' && depth > 0) inString = true
      else if (char === '{') {
        if (depth++ === 0) start = index
      } else if (char === '}' && depth > 0) {
        if (--depth === 0) {
          const text = buffer.slice(start, index + 1)
          buffer = buffer.slice(index + 1)
          index = -1
          start = -1
          try {
            yield JSON.parse(text)
          } catch {
            /* a malformed object is skipped, the next may be fine */
          }
        }
      }
    }
    if (depth === 0) buffer = ''
  }
}

/** A card as the requested format allows it, sanitized, or null when it is not a usable card. */
export function acceptCard(raw: unknown, format: CardFormat): GeneratedCard | null {
  if (!raw || typeof raw !== 'object') return null
  const object = raw as Record<string, unknown>
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  const front = sanitizeFieldHtml(
    text(object.front ?? object.question ?? object.text).slice(0, MAX_SIDE)
  ).trim()
  const back = sanitizeFieldHtml(
    text(object.back ?? object.answer ?? object.extra).slice(0, MAX_SIDE)
  ).trim()
  const cloze = hasCloze(front)
  const kind =
    object.kind === 'cloze' ||
    object.type === 'cloze' ||
    (cloze && !text(object.back ?? object.answer))
      ? 'cloze'
      : 'basic'
  if (isFieldEmpty(front)) return null
  if (kind === 'cloze') {
    if (!cloze || format === 'basic' || format === 'reversed') return null
    return { kind, front, back }
  }
  if (isFieldEmpty(back) || format === 'cloze') return null
  return { kind, front, back }
}

/** The cards in a model's streamed answer, as they complete. */
export async function* cardsFromText(
  pieces: AsyncIterable<string>,
  format: CardFormat
): AsyncGenerator<GeneratedCard> {
  for await (const object of jsonObjects(pieces)) {
    if (object && typeof object === 'object' && Array.isArray((object as any).cards)) {
      for (const inner of (object as any).cards) {
        const card = acceptCard(inner, format)
        if (card) yield card
      }
      continue
    }
    const card = acceptCard(object, format)
    if (card) yield card
  }
}
