import { appUrl } from '#config/app'

/*
 * A deck's media: the files its notes refer to by `/media/<key>` URL, named
 * by their original names (the export copies them so: app/actions/exports/
 * deck_bundle.ts), and the fields rewritten to those names, as Anki
 * packages reference media.
 */

export interface MediaRow {
  key: string
  original_name: string
  size: number
}

/* a media key as StoreMedia and the importer name them: a UUID and an extension */
const KEY = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/*
 * `/media/<key>` where a reference starts (attribute value, [sound:…], url(…)),
 * or the app's own absolute URL: never another site's /media/ path.
 */
export const MEDIA_URL = new RegExp(
  `(?<=^|["'=(\\s:])(?:${escapeRegExp(appUrl)})?/media/(${KEY})`,
  'gi'
)

/** The fields' media URLs replaced by the files' names in the bundle. */
export function rewriteMedia(html: string, names: Map<string, string>): string {
  return html.replace(MEDIA_URL, (whole, key: string) => names.get(key.toLowerCase()) ?? whole)
}

/**
 * Each file under its original name, as Anki packages reference media: made
 * safe for a file system and for an HTML attribute, and unique without regard
 * to case (Anki's media folder may live on a case-insensitive disk).
 */
export function mediaNames(media: MediaRow[]) {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const row of media) {
    const ext = row.key.slice(row.key.lastIndexOf('.'))
    let name = (row.original_name ?? '')
      .split(/[\\/]/)
      .pop()!
      // eslint-disable-next-line no-control-regex -- control characters are unsafe in a file name
      .replace(/[\u0000-\u001f\u007f"'<>&:*?|[\]#%]/g, '_')
      .replace(/\s+/g, ' ')
      .replace(/\.{2,}/g, '.')
      .trim()
      .replace(/^\.+/, '')
    if (!name) name = row.key
    if (!name.toLowerCase().endsWith(ext.toLowerCase())) name += ext
    const stem = name.slice(0, name.length - ext.length).slice(0, 100)
    name = `${stem}${ext}`
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${ext}`
    taken.add(name.toLowerCase())
    names.set(row.key.toLowerCase(), name)
  }
  return names
}
