/*
 * Which media files a note or a template uses: `[sound:name]`, `src` of
 * img/audio/video/source (and template script) tags, and `url(...)` in
 * styles. Only those are taken from a package; the rest (add-on data,
 * leftovers) is left behind.
 */

const SOUND = /\[sound:([^\]]+)\]/g
const TAG_SRC =
  /<(?:img|audio|video|source|script)\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return ENTITIES[body.toLowerCase()] ?? whole
  })
}

/* remote and inline sources are not package media */
const isLocal = (ref: string) =>
  ref !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith('//')

/** The file names a piece of HTML (or CSS) refers to, as written. */
export function mediaReferences(html: string): string[] {
  const refs: string[] = []
  for (const match of html.matchAll(SOUND)) refs.push(match[1].trim())
  for (const pattern of [TAG_SRC, CSS_URL]) {
    for (const match of html.matchAll(pattern))
      refs.push((match[1] ?? match[2] ?? match[3] ?? '').trim())
  }
  return refs.filter(isLocal)
}

/**
 * The names a reference may stand for: as written, with HTML entities decoded
 * (`&amp;`), and percent-decoded (editors write `my%20file.jpg`), all NFC as
 * Anki stores media names.
 */
export function referenceVariants(ref: string): string[] {
  const variants = new Set([ref, decodeEntities(ref)])
  for (const variant of [...variants]) {
    try {
      variants.add(decodeURIComponent(variant))
    } catch {
      /* not percent-encoded */
    }
  }
  return [...variants].map((variant) => variant.normalize('NFC'))
}

/**
 * A media name that can become a file of its own: no directories, no parent
 * references, no control characters (Anki refuses such packages as corrupt).
 */
export function isSafeMediaName(name: string): boolean {
  return (
    name.length > 0 &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\]/.test(name) &&
    // eslint-disable-next-line no-control-regex -- Anki refuses control characters in a media name
    !/[\u0000-\u001f\u007f]/.test(name)
  )
}
