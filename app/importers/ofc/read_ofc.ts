import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough, Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { ImportError, type BundleMedia, type ImportBundle } from '#importers/bundle'
import { Digest, OFC_MAX_UNCOMPRESSED_BYTES } from '#importers/ofc/format'
import { readManifest } from '#importers/ofc/manifest'
import { Invalid } from '#importers/ofc/manifest_items'

/*
 * Reads a .ofc file (the format: format.ts). Defensive: entries are read
 * lazily, the bytes inflated are counted as they come (a zip's declared
 * sizes can lie), media names and entry names are checked before anything
 * touches the disk, checksums are verified, and a refused file leaves
 * nothing behind in the work directory.
 */

/* the manifest is parsed whole; 256 MB of JSON is far beyond any real deck */
const MAX_MANIFEST_BYTES = 256 * 1024 ** 2
/* each listed entry costs memory before any byte is inflated */
const MAX_ENTRIES = 1_000_000

/* counts every inflated byte of the whole archive against the limit */
class Budget {
  used = 0
  constructor(readonly max: number) {}
  meter(limit = Number.POSITIVE_INFINITY, what = 'the archive'): Transform {
    let own = 0
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.used += chunk.length
        own += chunk.length
        if (this.used > this.max)
          return callback(
            new ImportError('import_too_big', `The archive unpacks to more than ${this.max} bytes`)
          )
        if (own > limit)
          return callback(
            new ImportError('import_too_big', `${what} is larger than ${limit} bytes`)
          )
        callback(null, chunk)
      },
    })
  }
}

function corrupt(message: string): ImportError {
  return new ImportError('import_corrupt', message)
}

async function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry)
  } catch (error) {
    throw corrupt(`Cannot read ${entry.fileName}: ${(error as Error).message}`)
  }
}

/* a stream error that is not ours (bad deflate data, a truncated entry) means a broken file */
function asImportError(error: unknown, what: string): ImportError {
  if (error instanceof ImportError) return error
  return corrupt(`Cannot read ${what}: ${(error as Error).message}`)
}

async function openZip(filePath: string): Promise<yauzl.ZipFile> {
  try {
    /* sizes are checked by counting, below, since the declared ones can lie */
    return await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: false,
    })
  } catch (error) {
    throw corrupt(`Not a readable .ofc (zip) file: ${(error as Error).message}`)
  }
}

/** The archive's files by name, refused when they declare more than max bytes. */
async function listEntries(zip: yauzl.ZipFile, max: number): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > MAX_ENTRIES)
    throw new ImportError('import_too_big', `The archive lists ${zip.entryCount} files`)
  const entries = new Map<string, yauzl.Entry>()
  let declared = 0
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      if (entries.has(entry.fileName)) throw corrupt(`The archive lists ${entry.fileName} twice`)
      entries.set(entry.fileName, entry)
      declared += entry.uncompressedSize
    }
  } catch (error) {
    throw asImportError(error, 'the archive')
  }
  if (declared > max)
    throw new ImportError(
      'import_too_big',
      `The archive unpacks to ${declared} bytes, more than ${max}`
    )
  return entries
}

async function loadManifest(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, budget: Budget) {
  const manifestEntry = entries.get('manifest.json')
  if (!manifestEntry) {
    if (
      entries.has('collection.anki2') ||
      entries.has('collection.anki21') ||
      entries.has('collection.anki21b')
    ) {
      throw new ImportError('unsupported_format', 'This is an Anki package, not a .ofc file')
    }
    throw corrupt('The archive has no manifest.json: not a .ofc file')
  }
  const chunks: Buffer[] = []
  try {
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    await pipeline(
      await openStream(zip, manifestEntry),
      budget.meter(MAX_MANIFEST_BYTES, 'manifest.json'),
      sink
    )
  } catch (error) {
    throw asImportError(error, 'manifest.json')
  }
  const manifestBytes = Buffer.concat(chunks)
  if (manifestBytes.length !== manifestEntry.uncompressedSize)
    throw corrupt('manifest.json is not the size the archive declares')
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes))
  } catch (error) {
    throw corrupt(`manifest.json is not valid JSON: ${(error as Error).message}`)
  }
  try {
    return readManifest(json)
  } catch (error) {
    if (error instanceof Invalid) throw corrupt(`Invalid manifest: ${error.message}`)
    throw error
  }
}

type Manifest = ReturnType<typeof readManifest>

/** Streams each listed media file into mediaDir, checking its size and checksum. */
async function extractMedia(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  manifest: Manifest,
  mediaDir: string,
  budget: Budget
) {
  const media: BundleMedia[] = []
  for (const m of manifest.media) {
    const entry = entries.get(`media/${m.file}`)!
    const target = join(mediaDir, m.file)
    const digest = new Digest()
    try {
      await pipeline(
        await openStream(zip, entry),
        budget.meter(),
        digest,
        createWriteStream(target, { flags: 'wx' })
      )
    } catch (error) {
      throw asImportError(error, `media/${m.file}`)
    }
    if (digest.bytes !== entry.uncompressedSize || digest.bytes !== m.size) {
      throw corrupt(`Media file "${m.name}" has ${digest.bytes} bytes, the archive says ${m.size}`)
    }
    if (digest.hash.digest('hex') !== m.sha256)
      throw corrupt(`Media file "${m.name}" does not match its checksum`)
    media.push({ name: m.name, path: target, size: m.size })
  }
  return media
}

export async function readOfc(
  filePath: string,
  workDir: string,
  options: { maxUncompressedBytes?: number } = {}
): Promise<ImportBundle> {
  const max = options.maxUncompressedBytes ?? OFC_MAX_UNCOMPRESSED_BYTES
  const { size } = await stat(filePath)
  if (size === 0) throw new ImportError('import_empty', 'The file is empty')
  const zip = await openZip(filePath)
  let mediaDir: string | null = null
  try {
    const entries = await listEntries(zip, max)
    const budget = new Budget(max)
    const manifest = await loadManifest(zip, entries, budget)
    for (const m of manifest.media) {
      if (!entries.has(`media/${m.file}`))
        throw corrupt(`Media file "${m.name}" (media/${m.file}) is missing from the archive`)
    }
    let media: BundleMedia[] = []
    if (manifest.media.length) {
      await mkdir(workDir, { recursive: true })
      /* a directory of its own: nothing else in workDir is overwritten, and a refusal removes it whole */
      mediaDir = await mkdtemp(join(workDir, 'ofc-media-'))
      media = await extractMedia(zip, entries, manifest, mediaDir, budget)
    }
    const { noteTypes, decks, notes, cards, reviews } = manifest
    return { format: 'ofc', noteTypes, decks, notes, cards, reviews, media, warnings: [] }
  } catch (error) {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
    throw asImportError(error, 'the archive')
  } finally {
    zip.close()
  }
}
