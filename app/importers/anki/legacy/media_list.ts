import { parseJsonObject, SMALL_ENTRY_LIMIT, str } from '#importers/anki/source'
import type { ZipReader } from '#importers/anki/zip_reader'

/** The media list of the schema-11 packages: JSON `{ "<zip entry>": "<file name>" }`. */
export async function readLegacyMediaList(
  zip: ZipReader
): Promise<{ zipName: string; name: string }[]> {
  /* older AnkiDroid versions wrote packages without a media list */
  if (!zip.entries.has('media')) return []
  const raw = await zip.read('media', SMALL_ENTRY_LIMIT)
  const map = parseJsonObject(raw.toString('utf8') || '{}', 'the media list')
  return Object.entries(map).map(([zipName, name]) => ({ zipName, name: str(name) }))
}
