import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { extname } from 'node:path'
import yazl from 'yazl'
import type { ImportBundle } from '#importers/bundle'
import { isSafeMediaName } from '#importers/anki/media_refs'
import { writeCollection } from '#exporters/anki/collection'
import { saveZip } from '#exporters/zip_writer'

/*
 * Writes a bundle as a legacy .apkg: collection.anki2 in schema 11 (every
 * Anki version, AnkiDroid and AnkiMobile open it), the JSON media map and the
 * media files stored under their index. The collection is built in a
 * temporary SQLite file next to outPath and streamed into the zip; media are
 * streamed from where the bundle says they are.
 *
 * Scheduling is written as Anki's v2/v3 schedulers keep it: review cards due
 * on a day counted from the collection's creation (`crt`, the start of a
 * study day of the learner's at the rollover hour), learning cards due at a
 * unix time; FSRS memory state and the last review time go in the card's
 * `data` JSON (scheduling.ts).
 */

/* formats that deflate cannot shrink: stored as they are */
const PRECOMPRESSED = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.mp3',
  '.m4a',
  '.ogg',
  '.opus',
  '.mp4',
  '.webm',
  '.zip',
])
// eslint-disable-next-line no-control-regex -- control characters make a media name unsafe
const UNSAFE_IN_NAME = /[/\\\u0000-\u001f\u007f]/g

async function zipPackage(collectionPath: string, bundle: ImportBundle, outPath: string) {
  const zip = new yazl.ZipFile()
  const map: Record<string, string> = {}
  const names = new Set<string>()
  zip.addFile(collectionPath, 'collection.anki2')
  let index = 0
  for (const media of bundle.media) {
    /* Anki refuses a package with unsafe names; a name used twice is one file */
    const name = isSafeMediaName(media.name)
      ? media.name.normalize('NFC')
      : media.name.replace(UNSAFE_IN_NAME, '_').replace(/^\.+$/, '_')
    if (names.has(name)) continue
    names.add(name)
    map[index] = name
    zip.addFile(media.path, String(index), {
      compress: !PRECOMPRESSED.has(extname(name).toLowerCase()),
    })
    index++
  }
  zip.addBuffer(Buffer.from(JSON.stringify(map)), 'media')
  await saveZip(zip, outPath)
}

/** `timezoneOffsetMinutes`: the learner's time zone (minutes east of UTC), which Anki's day numbers count in */
export async function writeAnkiPackage(
  bundle: ImportBundle,
  outPath: string,
  options: { timezoneOffsetMinutes?: number } = {}
): Promise<void> {
  const collectionPath = `${outPath}.${randomUUID()}.anki2`
  try {
    writeCollection(bundle, collectionPath, options.timezoneOffsetMinutes ?? 0)
    await zipPackage(collectionPath, bundle, outPath)
  } catch (error) {
    await rm(outPath, { force: true })
    throw error
  } finally {
    await rm(collectionPath, { force: true })
    await rm(`${collectionPath}-journal`, { force: true })
  }
}
