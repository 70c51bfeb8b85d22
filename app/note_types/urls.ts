/*
 * URL rules for card HTML and note-type CSS. Browsers ignore control
 * characters, whitespace and invisible characters inside a scheme
 * ("jav&#x09;ascript:"), so they are removed before the scheme is read;
 * entities are already decoded by the HTML parser at that point.
 */

const IGNORED_BY_BROWSERS =
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
/* "//host" and "/\host" both leave the origin, so they are not relative paths */
const PROTOCOL_RELATIVE = /^[\\/][\\/]/
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/]*={0,2}$/i

export function compactUrl(url: string): string {
  return url.replace(IGNORED_BY_BROWSERS, '')
}

export function urlScheme(url: string): string | null {
  const match = SCHEME.exec(compactUrl(url))
  return match ? match[1].toLowerCase() : null
}

function isRelativePath(url: string): boolean {
  const compact = compactUrl(url)
  return compact.length > 0 && urlScheme(compact) === null && !PROTOCOL_RELATIVE.test(compact)
}

export function isDataImage(url: string): boolean {
  return DATA_IMAGE.test(compactUrl(url))
}

/*
 * img/audio/video/source: media files of the collection (relative) or inline
 * raster images. Never another host: a card shown would make its viewer's
 * browser call it (a remote image is stored when the note is saved:
 * remoteImageSources, docs/decisions/0056-remote-images-in-cards.md).
 */
export function isAllowedMediaSrc(url: string): boolean {
  const scheme = urlScheme(url)
  if (scheme === null) return isRelativePath(url)
  return scheme === 'data' && isDataImage(url)
}

/** An address on another host: http(s) or protocol-relative. */
export function isRemoteUrl(url: string): boolean {
  const scheme = urlScheme(url)
  return (
    scheme === 'http' ||
    scheme === 'https' ||
    (scheme === null && PROTOCOL_RELATIVE.test(compactUrl(url)))
  )
}

/*
 * Links in fields: web and mail only. A template may also start a link with a
 * placeholder ("{{Url}}"), judged again once rendered.
 */
export function isAllowedHref(url: string, allowPlaceholder = false): boolean {
  const scheme = urlScheme(url)
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') return true
  return allowPlaceholder && scheme === null && isRelativePath(url) && url.includes('{{')
}

/* CSS url(): relative paths and inline raster images; never another host (it would see every viewer). */
export function isAllowedCssUrl(url: string): boolean {
  const scheme = urlScheme(url)
  if (scheme === null) return isRelativePath(url)
  return scheme === 'data' && isDataImage(url)
}
