import { randomUUID } from 'node:crypto'
import { mkdir, rm, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { ImportError, type ImportBundle } from '#importers/bundle'
import { openCollection, readSourceCollection } from '#importers/anki/collection'
import { readContent } from '#importers/anki/content'
import { chooseGeneration } from '#importers/anki/generations'
import { extractMedia } from '#importers/anki/media'
import { Warnings } from '#importers/anki/source'
import { ByteBudget, ZipReader } from '#importers/anki/zip_reader'

/*
 * Reads an Anki package (.apkg, .colpkg) of any generation into an
 * ImportBundle: the legacy collection.anki2 / .anki21 (schema 11, JSON in
 * `col`) and the latest collection.anki21b (zstd, schema 18, protobuf blobs);
 * generations.ts tells them apart. The zip is streamed, the collection is
 * unpacked into workDir and read there with node:sqlite, and only media that
 * notes (or custom templates) use are extracted. Everything the reader
 * refuses is an ImportError; on failure it removes what it wrote, on success
 * only the media files stay in workDir.
 */

export interface ReadAnkiOptions {
  /** zip-bomb guard: bytes the package may unpack to (declared and actually inflated), 2 GB by default */
  maxUncompressedBytes?: number
  /**
   * What the upload was; by default the file's extension says (.colpkg, else
   * apkg). A whole collection keeps every note type, a deck package only
   * those its notes use.
   */
  format?: 'apkg' | 'colpkg'
}

const DEFAULT_MAX_BYTES = 2 * 1024 ** 3

export async function readAnkiPackage(filePath: string, workDir: string, options: ReadAnkiOptions = {}): Promise<ImportBundle> {
  const info = await stat(filePath).catch(() => null)
  if (!info?.isFile()) throw new ImportError('import_corrupt', 'the uploaded file cannot be read')
  if (info.size === 0) throw new ImportError('import_empty', 'the file is empty')

  await mkdir(workDir, { recursive: true })
  const budget = new ByteBudget(options.maxUncompressedBytes ?? DEFAULT_MAX_BYTES)
  const zip = await ZipReader.open(filePath, budget)
  const created: string[] = []
  let db: DatabaseSync | null = null
  try {
    const generation = await chooseGeneration(zip)
    const collectionPath = join(workDir, `anki-collection-${randomUUID()}.sqlite`)
    /* SQLite may add a journal, WAL and shared-memory file next to it */
    created.push(collectionPath, `${collectionPath}-journal`, `${collectionPath}-wal`, `${collectionPath}-shm`)
    await zip.extract(generation.entry, collectionPath, { zstd: generation.zstd })

    db = openCollection(collectionPath)
    const format = options.format ?? (extname(filePath).toLowerCase() === '.colpkg' ? 'colpkg' : 'apkg')
    const warnings = new Warnings()
    const { references, ...content } = readContent(db, readSourceCollection(db, warnings), format, warnings)
    db.close()
    db = null
    for (const path of created.splice(0)) await rm(path, { force: true })

    const media = await extractMedia(zip, generation, references, workDir, created, warnings)
    return { format, ...content, media, warnings: warnings.list }
  } catch (error) {
    try {
      db?.close()
    } catch {
      /* already failing */
    }
    for (const path of created) await rm(path, { recursive: true, force: true })
    if (error instanceof ImportError) throw error
    throw new ImportError('import_corrupt', (error as Error)?.message ?? String(error))
  } finally {
    zip.close()
  }
}
