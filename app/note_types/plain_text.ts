import sanitizeHtml from 'sanitize-html'
import { revealAllClozes } from '#note_types/cloze'
import type { NoteFields, NoteTypeDefinition } from '#note_types/types'

/*
 * Plain text of a field for search, alphabetical sort and list previews.
 * sanitize-html with no allowed tags does the hard parts (entity decoding,
 * dropping script/style content, malformed markup); its output is text with
 * only & < > " escaped, which we undo.
 */

const BLOCK_BOUNDARY =
  /<\/?(br|p|div|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|tfoot|blockquote|pre|hr|details|summary|section|article|header|footer|dt|dd|dl|figure|figcaption|img|audio|video)\b[^>]*>/gi
const SOUND = /\[sound:[^\]]*\]/gi
const HAS_SOUND = /\[sound:[^\]]*\]/i

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'select',
  ],
}

function unescapeText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

/*
 * The same field is asked for its text several times in a row (is it empty,
 * which cards does it make, its sort and search text): the last few answers
 * are kept, short fields only, so the cache stays small.
 */
const RECENT = new Map<string, string>()
const RECENT_MAX = 32
const RECENT_MAX_LENGTH = 10_000

export function htmlToPlainText(html: string): string {
  if (!html) return ''
  const known = RECENT.get(html)
  if (known !== undefined) return known
  /* Block ends and line breaks separate words: "<div>a</div><div>b</div>" is "a b", not "ab". */
  const spaced = revealAllClozes(html).replace(BLOCK_BOUNDARY, '$& ')
  /* without < or & there is no tag or entity: the text is itself (sanitize-html would escape and we would unescape) */
  const text = /[<&]/.test(spaced) ? unescapeText(sanitizeHtml(spaced, TEXT_ONLY)) : spaced
  const plain = text.replace(SOUND, ' ').replace(/\s+/g, ' ').trim()
  if (html.length <= RECENT_MAX_LENGTH) {
    if (RECENT.size >= RECENT_MAX) RECENT.delete(RECENT.keys().next().value!)
    RECENT.set(html, plain)
  }
  return plain
}

/* A field is empty when it has no text and no media; an image-only front still makes a card. */
export function isFieldEmpty(html: string): boolean {
  if (!html) return true
  if (/<(img|audio|video)\b/i.test(html) || HAS_SOUND.test(html)) return false
  return htmlToPlainText(html) === ''
}

/* At most `max` characters (code points), cut at a word boundary when one is close. */
export function preview(html: string, max = 200): string {
  const chars = Array.from(htmlToPlainText(html))
  if (chars.length <= max) return chars.join('')
  if (max <= 1) return '…'.slice(0, max)
  let cut = chars.slice(0, max - 1).join('')
  const space = cut.lastIndexOf(' ')
  if (space > cut.length * 0.7) cut = cut.slice(0, space)
  return cut.trimEnd() + '…'
}

/**
 * A note's fields as plain text, in its type's order (a jsonb object keeps no key order: "Back" reads before
 * "Front").
 */
export function fieldTexts(
  definition: Pick<NoteTypeDefinition, 'fields'>,
  fields: NoteFields
): string[] {
  return definition.fields.map((field) => htmlToPlainText(fields[field.name] ?? ''))
}

/** The note's sort field as it reads, case kept: its first field with text (an image-occlusion note's header). */
export function sortField(texts: string[]): string {
  return texts.find((text) => text) ?? ''
}
