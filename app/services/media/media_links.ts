import { createHmac, timingSafeEqual } from 'node:crypto'
import { appKey, appUrl } from '#config/app'
import ApiException from '#exceptions/api_exception'

/*
 * Signed media links: what the API hands out for every uploaded file (card
 * HTML, attachments, text-to-speech audio), so a WebView that shows a card
 * loads its pictures and sounds without a header (docs/api.md "Media URLs",
 * docs/decisions/0086-signed-media-links.md).
 *
 * A link is `${appUrl}/media/<key>?sig=<expires>.<grantee>.<mac>`: one query
 * parameter, so the same text is right in an attribute, in CSS and in JSON
 * (no `&` to escape). The MAC binds the file's key, the expiry and the grantee:
 * `u<id>`, the learner it was signed for (the media route asks findMedia again
 * whether that learner still sees the file), or `p`, nobody in particular
 * (a reader of the public library who is not signed in: only files the
 * library shows are served).
 */

const MEDIA_LINK_DAYS = 7
const DAY_SECONDS = 86_400

/* a media key as storeMedia and the importers name them: a UUID and an extension */
const KEY = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/* `/media/<key>` where a reference starts: a whole value, an attribute, [sound:…], url(…) */
const RELATIVE_MEDIA = new RegExp(`(?<=^|["'=(\\s:])/media/(${KEY})(?![\\w.?#/-])`, 'gi')
/* a link this app signed, sent back inside a request (an attachment's url put in a field, a field as it came) */
const OWN_LINK = new RegExp(`${escapeRegExp(appUrl)}/media/(${KEY})(?:\\?sig=[\\w.-]*)?`, 'gi')
/* what avatarUrlOf gives: public, so made absolute only */
const AVATAR = /^\/avatars\/\d+(?:\?v=\d+)?$/

/** Who a link was signed for: a learner, or nobody (the public library only). */
export type MediaGrantee = { id: number } | null

const grantOf = (grantee: MediaGrantee) => (grantee ? `u${grantee.id}` : 'p')

const secret = createHmac('sha256', appKey.release()).update('mnemo media links v1').digest()
const macOf = (key: string, expires: number, grant: string) =>
  createHmac('sha256', secret)
    .update(`${key.toLowerCase()}\n${expires}\n${grant}`)
    .digest('base64url')

/*
 * Links expire at the end of a UTC day, MEDIA_LINK_DAYS after today: between 7 and 8 days
 * from now, and the same URL all day, so a WebView's cache and an offline copy keep it.
 */
function mediaLinkExpiry(now = Date.now()) {
  return (Math.floor(now / 1000 / DAY_SECONDS) + MEDIA_LINK_DAYS + 1) * DAY_SECONDS
}

/** The absolute, signed URL of a file for this grantee. `now` moves the clock (tests sign links already expired). */
export function signedMediaUrl(key: string, grantee: MediaGrantee, now = Date.now()) {
  const expires = mediaLinkExpiry(now)
  const grant = grantOf(grantee)
  return `${appUrl}/media/${key}?sig=${expires}.${grant}.${macOf(key, expires, grant)}`
}

/**
 * The grantee a `sig` names for this key, once its MAC and expiry hold: a
 * forged or altered link (another key, another grantee, another expiry) is a
 * 403, an expired one too, with its own code (the app fetches the card again).
 */
export function readMediaLink(key: string, sig: string, now = Date.now()) {
  const match = /^(\d{1,12})\.(u\d{1,12}|p)\.([A-Za-z0-9_-]{43})$/.exec(sig)
  if (!match) throw ApiException.of('E_MEDIA_LINK_INVALID')
  const [, expiresText, grant, mac] = match
  const expires = Number(expiresText)
  const expected = Buffer.from(macOf(key, expires, grant))
  if (!timingSafeEqual(expected, Buffer.from(mac))) throw ApiException.of('E_MEDIA_LINK_INVALID')
  if (expires * 1000 <= now) throw ApiException.of('E_MEDIA_LINK_EXPIRED')
  const grantee: MediaGrantee = grant === 'p' ? null : { id: Number(grant.slice(1)) }
  return { grantee, expires }
}

/** A text of an API reply with every media reference signed for the grantee, and an avatar's path made absolute. */
function linkText(text: string, grantee: MediaGrantee): string {
  if (AVATAR.test(text)) return `${appUrl}${text}`
  if (!text.includes('/media/')) return text
  return text.replace(RELATIVE_MEDIA, (_whole, key: string) => signedMediaUrl(key, grantee))
}

/*
 * Every string of plain objects and arrays through `change`, copying only what
 * changed: most replies hold no media (a large GET decks is returned as it is),
 * and nothing shared is ever written to.
 */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value)
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null
    value.forEach((item, index) => {
      const next = mapStrings(item, change)
      if (next !== item) (copy ??= [...value])[index] = next
    })
    return copy ?? value
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let copy: Record<string, unknown> | null = null
    for (const [name, item] of Object.entries(value)) {
      const next = mapStrings(item, change)
      if (next !== item) (copy ??= { ...value })[name] = next
    }
    return copy ?? value
  }
  return value
}

/**
 * An API reply with its media links signed (the one place they are made:
 * app/middleware/api_media_links_middleware.ts): every string of plain
 * objects and arrays, so card HTML, attachment and audio URLs alike.
 */
export function withMediaLinks(value: unknown, grantee: MediaGrantee): unknown {
  return mapStrings(value, (text) => linkText(text, grantee))
}

/**
 * A request's body with the app's own links back as the files' paths
 * (`/media/<key>`), as notes store them: a client may save HTML holding the
 * links it was given, and nothing stored ever holds a signature or the host.
 */
export function withoutMediaLinks(value: unknown): unknown {
  return mapStrings(value, (text) =>
    text.includes('/media/') ? text.replace(OWN_LINK, '/media/$1') : text
  )
}
