import { ImportError } from '#importers/bundle'
import { readLatestMediaList } from '#importers/anki/anki21b/media_list'
import { readLegacyMediaList } from '#importers/anki/legacy/media_list'
import { decodePackageMetadata, ProtoError } from '#importers/anki/protobuf/messages'
import { SMALL_ENTRY_LIMIT } from '#importers/anki/source'
import type { ZipReader } from '#importers/anki/zip_reader'

/*
 * The three generations of Anki packages, told apart by the collection entry
 * in the zip (and the `meta` entry newer Ankis add):
 *  - anki21b (Anki 2.1.50+, meta version 3): collection.anki21b, schema 18,
 *    zstd-compressed like every media file, media list as protobuf;
 *  - anki21 (Anki 2.1 with the v2 scheduler, meta version 2 or none):
 *    collection.anki21, schema 11, JSON media list;
 *  - legacy (every Anki version, meta version 1 or none): collection.anki2,
 *    schema 11, JSON media list.
 * anki21 and legacy differ only in the entry's name, so they share the
 * schema-11 readers in legacy/. Everything after the collection (notes,
 * cards, review history, media) is read the same way for all three.
 */

export interface Generation {
  name: 'anki21b' | 'anki21' | 'legacy'
  /** the collection's zip entry */
  entry: string
  /** PackageMetadata.version of this generation */
  metaVersion: 1 | 2 | 3
  /** the collection and the media files are zstd-compressed inside the zip */
  zstd: boolean
  readMediaList(zip: ZipReader): Promise<{ zipName: string; name: string }[]>
}

/* newest first: newer packages carry a stub collection.anki2 that only asks to update Anki */
const GENERATIONS: Generation[] = [
  {
    name: 'anki21b',
    entry: 'collection.anki21b',
    metaVersion: 3,
    zstd: true,
    readMediaList: readLatestMediaList,
  },
  {
    name: 'anki21',
    entry: 'collection.anki21',
    metaVersion: 2,
    zstd: false,
    readMediaList: readLegacyMediaList,
  },
  {
    name: 'legacy',
    entry: 'collection.anki2',
    metaVersion: 1,
    zstd: false,
    readMediaList: readLegacyMediaList,
  },
]

async function metaVersion(zip: ZipReader): Promise<number | null> {
  if (!zip.entries.has('meta')) return null
  let version: number
  try {
    version = decodePackageMetadata(await zip.read('meta', SMALL_ENTRY_LIMIT)).version
  } catch (error) {
    if (error instanceof ProtoError)
      throw new ImportError('import_corrupt', `meta: ${error.message}`)
    throw error
  }
  /* 0 is "unknown": Anki itself answers "made by a newer version" */
  if (version < 1 || version > 3)
    throw new ImportError(
      'unsupported_format',
      `package version ${version} is newer than this reader`
    )
  return version
}

/** The generation of the package in the zip, or the ImportError that says why there is none. */
export async function chooseGeneration(zip: ZipReader): Promise<Generation> {
  if (zip.entries.size === 0) throw new ImportError('import_empty', 'the zip holds no files')
  const version = await metaVersion(zip)
  const present = GENERATIONS.find((candidate) => zip.entries.has(candidate.entry))
  if (!present) throw new ImportError('unsupported_format', 'no Anki collection in the zip')
  if (version === 3 && present.metaVersion !== 3)
    throw new ImportError(
      'import_corrupt',
      'collection.anki21b missing from a latest-format package'
    )
  return present
}
