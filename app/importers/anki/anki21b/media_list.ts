import { zstdDecompressSync } from 'node:zlib'
import { ImportError } from '#importers/bundle'
import { decodeMediaEntries } from '#importers/anki/protobuf/messages'
import { SMALL_ENTRY_LIMIT } from '#importers/anki/source'
import type { ZipReader } from '#importers/anki/zip_reader'

/** The latest format's media list: zstd-compressed MediaEntries, entry i in the zip entry named i. */
export async function readLatestMediaList(
  zip: ZipReader
): Promise<{ zipName: string; name: string }[]> {
  if (!zip.entries.has('media')) return []
  const raw = await zip.read('media', SMALL_ENTRY_LIMIT)
  let bytes: Buffer
  try {
    bytes = zstdDecompressSync(raw, { maxOutputLength: SMALL_ENTRY_LIMIT })
  } catch (error) {
    throw new ImportError('import_corrupt', `media list: ${(error as Error).message}`)
  }
  zip.budget.take(bytes.length)
  try {
    return decodeMediaEntries(bytes).map((entry, index) => ({
      zipName: String(entry.legacyZipFilename ?? index),
      name: entry.name,
    }))
  } catch (error) {
    throw new ImportError('import_corrupt', `media list: ${(error as Error).message}`)
  }
}
