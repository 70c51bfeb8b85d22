import { isAllowedCssUrl } from '#note_types/urls'

/*
 * Custom note-type CSS (from users or imported Anki decks) goes into a <style>
 * element of the study page. Rather than rewriting CSS we cut it into
 * declarations / selectors / at-rule preludes at top-level `;`, `{` and `}`
 * (respecting strings, parentheses and escapes) and drop the pieces that are
 * dangerous; what is kept is byte-for-byte what the author wrote, minus comments.
 */

/* Decoded for inspection only: `@\69mport`, `u\72l(` and `expr\65ssion` are what they look like. */
function decodeEscapes(css: string): string {
  return css.replace(
    /\\([0-9a-f]{1,6})[ \t\r\n\f]?|\\([^\r\n\f])/gi,
    (_, hex: string, char: string) => {
      if (char !== undefined) return char
      const code = Number.parseInt(hex, 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
  )
}

// eslint-disable-next-line no-control-regex -- browsers skip these characters inside a value
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u2000-\u200f\u2028\u2029\ufeff]/g

/* Lowercased, escapes decoded, whitespace removed: old engines were lenient about all three. */
function inspectionForm(segment: string): string {
  return decodeEscapes(segment).toLowerCase().replace(INVISIBLE, '')
}

/* Every url( must hold a value we allow; unparseable ones count as bad. */
function urlsAllowed(compact: string): boolean {
  let from = 0
  for (;;) {
    const at = compact.indexOf('url(', from)
    if (at === -1) return true
    let pos = at + 4
    let value: string
    const quote = compact[pos]
    if (quote === '"' || quote === "'") {
      const end = compact.indexOf(quote, pos + 1)
      if (end === -1 || compact[end + 1] !== ')') return false
      value = compact.slice(pos + 1, end)
      pos = end + 2
    } else {
      const end = compact.indexOf(')', pos)
      if (end === -1) return false
      value = compact.slice(pos, end)
      pos = end + 1
    }
    if (!isAllowedCssUrl(value)) return false
    from = pos
  }
}

/* image-set("…") takes bare strings as URLs. */
function imageSetAllowed(compact: string): boolean {
  if (!compact.includes('image-set(')) return true
  const strings = compact.match(/"[^"]*"|'[^']*'/g) ?? []
  return strings.every((s) => isAllowedCssUrl(s.slice(1, -1)))
}

function isDangerous(segment: string): boolean {
  const compact = inspectionForm(segment)
  return (
    compact.includes('@import') ||
    compact.includes('expression(') ||
    compact.includes('javascript:') ||
    compact.includes('vbscript:') ||
    compact.includes('-moz-binding') ||
    compact.includes('</style') ||
    /(^|[^a-z0-9_-])(-ms-)?behaviou?r:/.test(compact) ||
    !urlsAllowed(compact) ||
    !imageSetAllowed(compact)
  )
}

/* Splits at top-level ; { } and removes comments; delimiters are returned as their own pieces. */
function segments(css: string): string[] {
  const out: string[] = []
  let current = ''
  let depth = 0
  let i = 0
  while (i < css.length) {
    const ch = css[i]
    if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end === -1 ? css.length : end + 2
      continue
    }
    if (ch === '\\') {
      current += css.slice(i, i + 2)
      i += 2
      continue
    }
    if (ch === '"' || ch === "'") {
      let j = i + 1
      while (j < css.length && css[j] !== ch && css[j] !== '\n') j += css[j] === '\\' ? 2 : 1
      current += css.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (ch === '(') depth++
    else if (ch === ')' && depth > 0) depth--
    else if (depth === 0 && (ch === ';' || ch === '{' || ch === '}')) {
      out.push(current, ch)
      current = ''
      i++
      continue
    }
    current += ch
    i++
  }
  out.push(current)
  return out
}

function pass(css: string): string {
  return segments(css)
    .map((piece) =>
      (piece.length > 1 || !';{}'.includes(piece)) && isDangerous(piece) ? '' : piece
    )
    .join('')
}

export function sanitizeCss(css: string): string {
  // eslint-disable-next-line no-control-regex -- NUL bytes are dropped before parsing
  let current = (css ?? '').replace(/\u0000/g, '')
  /* Removing a comment or a piece can bring two halves together, so repeat until nothing changes. */
  for (let round = 0; round < 20; round++) {
    const next = pass(current)
    if (next === current) return next
    current = next
  }
  return ''
}
