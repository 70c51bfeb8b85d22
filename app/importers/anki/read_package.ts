import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname, extname, join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { ImportError, type ImportBundle } from '#importers/bundle'
import { collectBundle, type BundleSource } from '#importers/bundle_source'
import { openCollection, readSourceCollection } from '#importers/anki/collection'
import { openContent } from '#importers/anki/content'
import { chooseGeneration } from '#importers/anki/generations'
import { extractMedia } from '#importers/anki/media'
import { Warnings } from '#importers/anki/source'
import { ByteBudget, ZipReader } from '#importers/anki/zip_reader'

/*
 * Reads an Anki package (.apkg, .colpkg) of any generation: the legacy
 * collection.anki2 / .anki21 (schema 11, JSON in `col`) and the latest
 * collection.anki21b (zstd, schema 18, protobuf blobs); generations.ts
 * tells them apart. The zip is streamed, the collection is unpacked into
 * workDir and read there with node:sqlite, a page of notes at a time (a
 * BundleSource), and only media that notes (or custom templates) use are
 * extracted. Everything the reader refuses is an ImportError.
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
  /**
   * The learner's time zone (minutes east of UTC): Anki's day numbers count
   * study days from the collection's creation, in the learner's time zone
   * and from their rollover hour
   */
  timezoneOffsetMinutes?: number
}

const DEFAULT_MAX_BYTES = 2 * 1024 ** 3

/**
 * Opens an Anki package for the import to read in batches: the collection
 * is unpacked, what is small is read (note types, decks, the media used,
 * extracted into workDir), and the notes stay in the collection until the
 * batches are read. close() removes the collection; the media stay in
 * workDir. Whatever it refuses here is an ImportError, and on failure it
 * removes what it wrote.
 */
export async function openAnkiPackage(
  filePath: string,
  workDir: string,
  options: ReadAnkiOptions = {}
): Promise<BundleSource> {
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
    const collectionFiles = [
      collectionPath,
      `${collectionPath}-journal`,
      `${collectionPath}-wal`,
      `${collectionPath}-shm`,
    ]
    created.push(...collectionFiles)
    await zip.extract(generation.entry, collectionPath, { zstd: generation.zstd })

    db = openCollection(collectionPath)
    const format =
      options.format ?? (extname(filePath).toLowerCase() === '.colpkg' ? 'colpkg' : 'apkg')
    const warnings = new Warnings()
    const content = openContent(
      db,
      readSourceCollection(db, warnings),
      format,
      warnings,
      options.timezoneOffsetMinutes ?? 0
    )
    /* the media's warnings come after the notes' in the list, as the learner reads it */
    const mediaWarnings = new Warnings()
    const media = await extractMedia(
      zip,
      generation,
      content.references,
      workDir,
      created,
      mediaWarnings
    )
    const opened = db
    return {
      format,
      noteTypes: content.noteTypes,
      decks: content.decks,
      media,
      noteCount: content.noteCount,
      batches: content.batches,
      warnings: () => [...warnings.list, ...mediaWarnings.list],
      close() {
        if (opened.isOpen) opened.close()
        for (const path of collectionFiles) rmSync(path, { force: true })
      },
    }
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

/**
 * The whole package as one bundle (the reader's tests, and whoever needs it
 * whole): on success only the media files stay in workDir, on failure
 * nothing does.
 */
export async function readAnkiPackage(
  filePath: string,
  workDir: string,
  options: ReadAnkiOptions = {}
): Promise<ImportBundle> {
  const source = await openAnkiPackage(filePath, workDir, options)
  try {
    const bundle = await collectBundle(source)
    /* each batch holds the answers of its own cards: oldest first across them all, as the collection keeps them */
    bundle.reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
    return bundle
  } catch (error) {
    for (const dir of new Set(source.media.map((file) => dirname(file.path))))
      await rm(dir, { recursive: true, force: true })
    throw error
  }
}
