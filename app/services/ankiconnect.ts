import limiter from '@adonisjs/limiter/services/main'
import ApiException from '#exceptions/api_exception'

/*
 * What the AnkiConnect door shares below the doors: its refusals in
 * AnkiConnect's words, and media references as Anki writes them.
 */

/** A refusal worded as AnkiConnect words it ("model was not found: Basic"), answered as `error`. */
export const ankiError = (message: string) =>
  ApiException.of('E_ANKICONNECT', { values: { message }, apiField: 'params' })

const SOUND = /\[sound:([^\]]+)\]/gi
const SRC = /(<(?:img|audio|video|source)\b[^>]*?\bsrc=")([^"]+)(")/gi
const STORED_AUDIO = /<audio\b[^>]*?\bsrc="(\/media\/[^"]+)"[^>]*>\s*<\/audio>/gi
const STORED_SOUND = /\[sound:(\/media\/[^\]]+)\]/gi

/** The file names a field references as Anki does: `[sound:name]` and the `src` of a picture, sound or video. */
export function mediaNamesIn(html: string) {
  const names: string[] = []
  for (const match of html.matchAll(SOUND)) names.push(match[1].trim())
  for (const match of html.matchAll(SRC)) names.push(match[2].trim())
  return names
}

/**
 * A field as the caller wrote it, with each file name it references that
 * the learner has a file of (`urls`: name → /media/<key>) turned into that
 * file's URL, as an imported package's are (app/actions/imports/
 * bundle_note_types.ts): `[sound:name]` stays a tag, `[sound:/media/<key>]`,
 * which the card shows as a player (decision 0092).
 */
export function storedReferences(html: string, urls: Map<string, string>) {
  return html
    .replace(SOUND, (whole, name: string) => {
      const url = urls.get(name.trim())
      return url ? `[sound:${url}]` : whole
    })
    .replace(SRC, (whole, before: string, src: string, after: string) => {
      const url = urls.get(src.trim())
      return url ? `${before}${url}${after}` : whole
    })
}

/** The stored URLs of media a field holds (/media/<key>). */
export function mediaUrlsIn(html: string) {
  return [...html.matchAll(/\/media\/[0-9a-zA-Z._-]+/g)].map((match) => match[0])
}

/**
 * The reverse of storedReferences: a stored field with its files named again as Anki names them (a player the
 * web editor wrote becomes a `[sound:]` tag too).
 */
export function ankiReferences(html: string, names: Map<string, string>) {
  return html
    .replace(STORED_SOUND, (whole, url: string) => {
      const name = names.get(url)
      return name ? `[sound:${name}]` : whole
    })
    .replace(STORED_AUDIO, (whole, url: string) => {
      const name = names.get(url)
      return name ? `[sound:${name}]` : whole
    })
    .replace(SRC, (whole, before: string, src: string, after: string) => {
      const name = names.get(src)
      return name ? `${before}${name}${after}` : whole
    })
}

/** Requests through the door: 600 a minute per learner, and 30 a minute per address with a key that is no one's. */
export const ankiConnectRequests = () => limiter.use({ requests: 600, duration: '1 minute' })
export const ankiConnectWrongKeys = () =>
  limiter.use({ requests: 30, duration: '1 minute', blockDuration: '5 mins' })
