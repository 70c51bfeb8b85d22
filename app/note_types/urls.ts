/*
 * URL rules for card HTML and note-type CSS. Browsers ignore control
 * characters, whitespace and invisible characters inside a scheme
 * ("jav&#x09;ascript:"), so they are removed before the scheme is read;
 * entities are already decoded by the HTML parser at that point.
 */

const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g
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

/* img/audio/video/source: media files of the collection (relative), the web, or inline raster images. */
export function isAllowedMediaSrc(url: string): boolean {
  const scheme = urlScheme(url)
  if (scheme === null) return isRelativePath(url)
  if (scheme === 'http' || scheme === 'https') return true
  return scheme === 'data' && isDataImage(url)
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

/* CSS url(): relative paths, https and inline raster images; never plain http (mixed content). */
export function isAllowedCssUrl(url: string): boolean {
  const scheme = urlScheme(url)
  if (scheme === null) return isRelativePath(url)
  if (scheme === 'https') return true
  return scheme === 'data' && isDataImage(url)
}
