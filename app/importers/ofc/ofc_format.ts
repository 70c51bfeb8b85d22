/*
 * The product's own deck file, `.ofc`: a zip holding
 *
 *   manifest.json     the deck, UTF-8 JSON (below)
 *   media/<file>      each media file's bytes, one entry each
 *
 * manifest.json:
 *   {
 *     "format": "mnemo-ofc",            always
 *     "version": 1,                     the format's major version (an integer)
 *     "exportedAt": "2026-03-01T09:00:00.000Z",
 *     "includesProgress": true,         whether cards carry progress and reviews are listed
 *     "noteTypes": [BundleNoteType],    as in app/importers/bundle.ts
 *     "decks": [BundleDeck],            a tree through parentKey (null: a top deck)
 *     "notes": [BundleNote],            fields are HTML; media referenced by name
 *     "cards": [BundleCard],            `progress` only when includesProgress (dates as ISO 8601 strings)
 *     "reviews": [BundleReview],        only when includesProgress
 *     "media": [{ "name": "cat.jpg",    the name fields reference
 *                 "file": "0.jpg",      the entry under media/ ([A-Za-z0-9._-], never "." or "..")
 *                 "size": 1234,         bytes
 *                 "sha256": "…" }]      hex digest of the bytes
 *   }
 * Keys are the source's own, unique within their list; every reference
 * (note → note type and deck, card → note and deck, review → card, deck →
 * parent, media → entry) must resolve.
 *
 * Versioning: `version` changes only when an older reader would misread a
 * file (a key renamed, a meaning changed); a reader refuses a higher version
 * (import_wrong_schema: "made by a newer Mnemo"). Additions an older reader
 * can safely ignore (a new optional key) keep the version, and readers ignore
 * keys they do not know.
 *
 * Reading is defensive: entries are read lazily, the bytes inflated are
 * counted as they come (a zip's declared sizes can lie), media names and
 * entry names are checked before anything touches the disk, checksums are
 * verified, and a refused file leaves nothing behind in the work directory.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import yazl from 'yazl'
import {
  ImportError,
  type BundleCard,
  type BundleDeck,
  type BundleMedia,
  type BundleNote,
  type BundleNoteType,
  type BundleProgress,
  type BundleReview,
  type ImportBundle,
} from '#importers/bundle'

export const OFC_FORMAT = 'mnemo-ofc'
export const OFC_VERSION = 1
export const OFC_MAX_UNCOMPRESSED_BYTES = 2 * 1024 ** 3
/* the manifest is parsed whole; 256 MB of JSON is far beyond any real deck */
const MAX_MANIFEST_BYTES = 256 * 1024 ** 2
/* each listed entry costs memory before any byte is inflated */
const MAX_ENTRIES = 1_000_000

export interface OfcMediaEntry {
  name: string
  file: string
  size: number
  sha256: string
}

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

export interface OfcManifest {
  format: typeof OFC_FORMAT
  version: number
  exportedAt: string
  includesProgress: boolean
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  notes: BundleNote[]
  cards: (Omit<BundleCard, 'progress'> & { progress?: Json<BundleProgress> | null })[]
  reviews?: Json<BundleReview>[]
  media: OfcMediaEntry[]
}

/* ------------------------------------------------------------------ validation */

class Invalid extends Error {}

const NOTE_TYPE_KINDS = new Set(['basic', 'reversed', 'cloze', 'type_in', 'image_occlusion', 'custom'])
const CARD_STATES = new Set(['new', 'learning', 'review', 'relearning'])
const REVIEW_KINDS = new Set(['learn', 'review', 'relearn', 'manual'])
/* the kinds whose ord is a template index (cloze counts deletions, occlusion mask groups) */
const TEMPLATE_ORD_KINDS = new Set(['basic', 'reversed', 'type_in'])
const ENTRY_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

type Obj = Record<string, unknown>

function fail(path: string, message: string): never {
  throw new Invalid(`${path}: ${message}`)
}
function obj(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'expected an object')
  return value as Obj
}
function arr(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'expected an array')
  return value
}
function str(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string') fail(path, 'expected a string')
  if (nonEmpty && !value) fail(path, 'must not be empty')
  return value
}
function num(value: unknown, path: string, { min, integer }: { min?: number; integer?: boolean } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'expected a number')
  if (integer && !Number.isInteger(value)) fail(path, 'expected an integer')
  if (min !== undefined && value < min) fail(path, `must be at least ${min}`)
  return value
}
function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'expected true or false')
  return value
}
function date(value: unknown, path: string): Date {
  const text = str(value, path)
  const parsed = new Date(text)
  if (!ISO_DATE.test(text) || Number.isNaN(parsed.getTime())) fail(path, 'expected an ISO 8601 UTC date')
  return parsed
}
function nullable<T>(value: unknown, path: string, read: (value: unknown, path: string) => T): T | null {
  return value === null ? null : read(value, path)
}
function strings(value: unknown, path: string): string[] {
  return arr(value, path).map((item, i) => str(item, `${path}[${i}]`))
}
function oneOf<T extends string>(value: unknown, path: string, allowed: Set<string>): T {
  const text = str(value, path)
  if (!allowed.has(text)) fail(path, `unknown value "${text}"`)
  return text as T
}
function uniqueKey(seen: Set<string>, key: string, path: string) {
  if (seen.has(key)) fail(path, `duplicate key "${key}"`)
  seen.add(key)
}

/*
 * A media name the fields reference: one file name, nothing that walks
 * directories. Without separators only "." and ".." themselves can; "a..b.png"
 * is a plain name (and the disk only ever sees the entry's `file`).
 */
export function isSafeMediaName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(name)
}

function readNoteType(value: unknown, path: string): BundleNoteType {
  const o = obj(value, path)
  const fields = strings(o.fields, `${path}.fields`)
  if (!fields.length) fail(`${path}.fields`, 'a note type needs a field')
  if (new Set(fields).size !== fields.length) fail(`${path}.fields`, 'duplicate field name')
  const templates = arr(o.templates, `${path}.templates`).map((t, i) => {
    const tp = `${path}.templates[${i}]`
    const template = obj(t, tp)
    return { name: str(template.name, `${tp}.name`), front: str(template.front, `${tp}.front`), back: str(template.back, `${tp}.back`) }
  })
  if (!templates.length) fail(`${path}.templates`, 'a note type needs a template')
  return {
    key: str(o.key, `${path}.key`, true),
    name: str(o.name, `${path}.name`, true),
    kind: oneOf(o.kind, `${path}.kind`, NOTE_TYPE_KINDS),
    fields,
    templates,
    css: str(o.css, `${path}.css`),
    isCloze: bool(o.isCloze, `${path}.isCloze`),
  }
}

function readDeck(value: unknown, path: string): BundleDeck {
  const o = obj(value, path)
  return {
    key: str(o.key, `${path}.key`, true),
    name: str(o.name, `${path}.name`, true),
    parentKey: nullable(o.parentKey, `${path}.parentKey`, (v, p) => str(v, p, true)),
  }
}

function readAttachments(value: unknown, path: string): NonNullable<BundleNote['fieldAttachmentsMap']> {
  const map: NonNullable<BundleNote['fieldAttachmentsMap']> = {}
  for (const [field, raw] of Object.entries(obj(value, path))) {
    const fp = `${path}.${field}`
    const o = obj(raw, fp)
    const masks = arr(o.masks, `${fp}.masks`).map((m, i) => {
      const mp = `${fp}.masks[${i}]`
      const mask = obj(m, mp)
      return {
        id: str(mask.id, `${mp}.id`),
        group: num(mask.group, `${mp}.group`, { integer: true, min: 1 }),
        x: num(mask.x, `${mp}.x`),
        y: num(mask.y, `${mp}.y`),
        width: num(mask.width, `${mp}.width`),
        height: num(mask.height, `${mp}.height`),
        angle: num(mask.angle, `${mp}.angle`),
      }
    })
    map[field] = o.hideAll === undefined ? { masks } : { hideAll: bool(o.hideAll, `${fp}.hideAll`), masks }
  }
  return map
}

function readNote(value: unknown, path: string): BundleNote {
  const o = obj(value, path)
  const fields: Record<string, string> = {}
  for (const [name, html] of Object.entries(obj(o.fields, `${path}.fields`))) fields[name] = str(html, `${path}.fields.${name}`)
  const note: BundleNote = {
    key: str(o.key, `${path}.key`, true),
    guid: str(o.guid, `${path}.guid`, true),
    noteTypeKey: str(o.noteTypeKey, `${path}.noteTypeKey`, true),
    deckKey: str(o.deckKey, `${path}.deckKey`, true),
    fields,
    tags: strings(o.tags, `${path}.tags`),
  }
  if (o.fieldAttachmentsMap !== undefined) note.fieldAttachmentsMap = readAttachments(o.fieldAttachmentsMap, `${path}.fieldAttachmentsMap`)
  return note
}

function readProgress(value: unknown, path: string): BundleProgress {
  const o = obj(value, path)
  return {
    state: oneOf(o.state, `${path}.state`, CARD_STATES),
    dueAt: nullable(o.dueAt, `${path}.dueAt`, date),
    intervalDays: num(o.intervalDays, `${path}.intervalDays`, { min: 0 }),
    ease: num(o.ease, `${path}.ease`, { min: 0 }),
    reps: num(o.reps, `${path}.reps`, { integer: true, min: 0 }),
    lapses: num(o.lapses, `${path}.lapses`, { integer: true, min: 0 }),
    stability: nullable(o.stability, `${path}.stability`, num),
    difficulty: nullable(o.difficulty, `${path}.difficulty`, num),
    frozen: bool(o.frozen, `${path}.frozen`),
    lastReviewedAt: nullable(o.lastReviewedAt, `${path}.lastReviewedAt`, date),
  }
}

function readCard(value: unknown, path: string, withProgress: boolean): BundleCard {
  const o = obj(value, path)
  let progress: BundleProgress | null = null
  if (withProgress) {
    if (o.progress === undefined) fail(`${path}.progress`, 'missing (the file says it includes progress)')
    progress = nullable(o.progress, `${path}.progress`, readProgress)
  }
  return {
    key: str(o.key, `${path}.key`, true),
    noteKey: str(o.noteKey, `${path}.noteKey`, true),
    ord: num(o.ord, `${path}.ord`, { integer: true, min: 0 }),
    deckKey: str(o.deckKey, `${path}.deckKey`, true),
    progress,
  }
}

function readReview(value: unknown, path: string): BundleReview {
  const o = obj(value, path)
  const rating = num(o.rating, `${path}.rating`, { integer: true, min: 1 })
  if (rating > 4) fail(`${path}.rating`, 'must be 1 to 4')
  return {
    cardKey: str(o.cardKey, `${path}.cardKey`, true),
    reviewedAt: date(o.reviewedAt, `${path}.reviewedAt`),
    rating: rating as BundleReview['rating'],
    kind: oneOf(o.kind, `${path}.kind`, REVIEW_KINDS),
    /* Anki keeps learning intervals as negative seconds: any finite number */
    intervalDays: num(o.intervalDays, `${path}.intervalDays`),
    lastIntervalDays: num(o.lastIntervalDays, `${path}.lastIntervalDays`),
    ease: num(o.ease, `${path}.ease`, { min: 0 }),
    durationMs: num(o.durationMs, `${path}.durationMs`, { min: 0 }),
  }
}

function readMediaEntry(value: unknown, path: string): OfcMediaEntry {
  const o = obj(value, path)
  const name = str(o.name, `${path}.name`)
  if (!isSafeMediaName(name)) fail(`${path}.name`, `unsafe media name ${JSON.stringify(name)}`)
  const file = str(o.file, `${path}.file`)
  if (!ENTRY_FILE.test(file) || file === '.' || file === '..' || file.includes('..')) {
    fail(`${path}.file`, `unsafe entry name ${JSON.stringify(file)}`)
  }
  const sha256 = str(o.sha256, `${path}.sha256`)
  if (!/^[0-9a-f]{64}$/.test(sha256)) fail(`${path}.sha256`, 'expected 64 lowercase hex digits')
  return { name, file, size: num(o.size, `${path}.size`, { integer: true, min: 0 }), sha256 }
}

/* "version" first: a newer file is refused as newer, even if its shape changed */
function checkVersion(manifest: Obj) {
  if (manifest.format !== OFC_FORMAT) fail('manifest.format', `expected "${OFC_FORMAT}"`)
  const version = num(manifest.version, 'manifest.version', { integer: true, min: 1 })
  if (version > OFC_VERSION) {
    throw new ImportError(
      'import_wrong_schema',
      `This file was made by a newer version of Mnemo (format version ${version}; this one reads up to ${OFC_VERSION})`
    )
  }
}

/**
 * Checks a manifest's types and references; throws Invalid with the path of
 * the first problem. Returns the bundle's lists and the media entries.
 */
function readManifest(value: unknown) {
  const m = obj(value, 'manifest')
  checkVersion(m)
  date(m.exportedAt, 'manifest.exportedAt')
  const includesProgress = bool(m.includesProgress, 'manifest.includesProgress')

  const noteTypes = arr(m.noteTypes, 'manifest.noteTypes').map((v, i) => readNoteType(v, `manifest.noteTypes[${i}]`))
  const decks = arr(m.decks, 'manifest.decks').map((v, i) => readDeck(v, `manifest.decks[${i}]`))
  const notes = arr(m.notes, 'manifest.notes').map((v, i) => readNote(v, `manifest.notes[${i}]`))
  const cards = arr(m.cards, 'manifest.cards').map((v, i) => readCard(v, `manifest.cards[${i}]`, includesProgress))
  const reviews = includesProgress && m.reviews !== undefined
    ? arr(m.reviews, 'manifest.reviews').map((v, i) => readReview(v, `manifest.reviews[${i}]`))
    : []
  const media = arr(m.media, 'manifest.media').map((v, i) => readMediaEntry(v, `manifest.media[${i}]`))

  const typeByKey = new Map<string, BundleNoteType>()
  noteTypes.forEach((type, i) => {
    if (typeByKey.has(type.key)) fail(`manifest.noteTypes[${i}].key`, `duplicate key "${type.key}"`)
    typeByKey.set(type.key, type)
  })
  const deckByKey = new Map<string, BundleDeck>()
  decks.forEach((deck, i) => {
    if (deckByKey.has(deck.key)) fail(`manifest.decks[${i}].key`, `duplicate key "${deck.key}"`)
    deckByKey.set(deck.key, deck)
  })
  decks.forEach((deck, i) => {
    if (deck.parentKey !== null && !deckByKey.has(deck.parentKey)) {
      fail(`manifest.decks[${i}].parentKey`, `unknown deck "${deck.parentKey}"`)
    }
    /* walking up must reach a top deck */
    const seen = new Set<string>()
    for (let at: BundleDeck | undefined = deck; at && at.parentKey !== null; at = deckByKey.get(at.parentKey)) {
      if (seen.has(at.key)) fail(`manifest.decks[${i}].parentKey`, 'the deck tree has a cycle')
      seen.add(at.key)
    }
  })
  const noteByKey = new Map<string, BundleNote>()
  const guids = new Set<string>()
  notes.forEach((note, i) => {
    const path = `manifest.notes[${i}]`
    if (noteByKey.has(note.key)) fail(`${path}.key`, `duplicate key "${note.key}"`)
    noteByKey.set(note.key, note)
    uniqueKey(guids, note.guid, `${path}.guid`)
    if (!typeByKey.has(note.noteTypeKey)) fail(`${path}.noteTypeKey`, `unknown note type "${note.noteTypeKey}"`)
    if (!deckByKey.has(note.deckKey)) fail(`${path}.deckKey`, `unknown deck "${note.deckKey}"`)
  })
  const cardKeys = new Set<string>()
  const noteOrds = new Set<string>()
  cards.forEach((card, i) => {
    const path = `manifest.cards[${i}]`
    uniqueKey(cardKeys, card.key, `${path}.key`)
    const note = noteByKey.get(card.noteKey)
    if (!note) fail(`${path}.noteKey`, `unknown note "${card.noteKey}"`)
    if (!deckByKey.has(card.deckKey)) fail(`${path}.deckKey`, `unknown deck "${card.deckKey}"`)
    const type = typeByKey.get(note.noteTypeKey)!
    if (TEMPLATE_ORD_KINDS.has(type.kind) && card.ord >= type.templates.length) {
      fail(`${path}.ord`, `note type "${type.key}" has ${type.templates.length} template(s)`)
    }
    uniqueKey(noteOrds, `${card.noteKey}\u0000${card.ord}`, `${path}.ord`)
  })
  reviews.forEach((review, i) => {
    if (!cardKeys.has(review.cardKey)) fail(`manifest.reviews[${i}].cardKey`, `unknown card "${review.cardKey}"`)
  })
  const names = new Set<string>()
  const files = new Set<string>()
  media.forEach((entry, i) => {
    uniqueKey(names, entry.name, `manifest.media[${i}].name`)
    uniqueKey(files, entry.file, `manifest.media[${i}].file`)
  })
  return { includesProgress, noteTypes, decks, notes, cards, reviews, media }
}

/* ------------------------------------------------------------------ writing */

const progressJson = (p: BundleProgress): Json<BundleProgress> => ({
  state: p.state,
  dueAt: p.dueAt ? p.dueAt.toISOString() : null,
  intervalDays: p.intervalDays,
  ease: p.ease,
  reps: p.reps,
  lapses: p.lapses,
  stability: p.stability,
  difficulty: p.difficulty,
  frozen: p.frozen,
  lastReviewedAt: p.lastReviewedAt ? p.lastReviewedAt.toISOString() : null,
})

const reviewJson = (r: BundleReview): Json<BundleReview> => ({
  cardKey: r.cardKey,
  reviewedAt: r.reviewedAt.toISOString(),
  rating: r.rating,
  kind: r.kind,
  intervalDays: r.intervalDays,
  lastIntervalDays: r.lastIntervalDays,
  ease: r.ease,
  durationMs: r.durationMs,
})

/* already-compressed media gain nothing from deflate */
const STORED_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'heic', 'mp3', 'mp4', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'webm', 'zip'])

function entryFile(index: number, name: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase()
  return ext ? `${index}.${ext}` : String(index)
}

/* counts and hashes the bytes passing through */
class Digest extends Transform {
  hash = createHash('sha256')
  bytes = 0
  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk)
    this.bytes += chunk.length
    callback(null, chunk)
  }
}

/**
 * Writes a bundle as .ofc. Media files are streamed from their paths one at
 * a time, hashed on the way, and the manifest goes last, once every hash is
 * known. The file appears at outPath only when complete.
 */
export async function writeOfc(bundle: ImportBundle, outPath: string, options: { includeProgress: boolean }): Promise<void> {
  const media: OfcMediaEntry[] = bundle.media.map((m, i) => ({ name: m.name, file: entryFile(i, m.name), size: m.size, sha256: '' }))
  const manifest: OfcManifest = {
    format: OFC_FORMAT,
    version: OFC_VERSION,
    exportedAt: new Date().toISOString(),
    includesProgress: options.includeProgress,
    noteTypes: bundle.noteTypes.map((t) => ({
      key: t.key,
      name: t.name,
      kind: t.kind,
      fields: [...t.fields],
      templates: t.templates.map((tp) => ({ name: tp.name, front: tp.front, back: tp.back })),
      css: t.css,
      isCloze: t.isCloze,
    })),
    decks: bundle.decks.map((d) => ({ key: d.key, name: d.name, parentKey: d.parentKey })),
    notes: bundle.notes.map((n) => {
      const note: BundleNote = { key: n.key, guid: n.guid, noteTypeKey: n.noteTypeKey, deckKey: n.deckKey, fields: n.fields, tags: n.tags }
      if (n.fieldAttachmentsMap !== undefined) note.fieldAttachmentsMap = n.fieldAttachmentsMap
      return note
    }),
    cards: bundle.cards.map((c) => {
      const card: OfcManifest['cards'][number] = { key: c.key, noteKey: c.noteKey, ord: c.ord, deckKey: c.deckKey }
      if (options.includeProgress) card.progress = c.progress ? progressJson(c.progress) : null
      return card
    }),
    media,
  }
  if (options.includeProgress) manifest.reviews = bundle.reviews.map(reviewJson)

  /* never write a file the reader would refuse (the hashes are not known yet) */
  try {
    readManifest(JSON.parse(JSON.stringify({ ...manifest, media: media.map((m) => ({ ...m, sha256: '0'.repeat(64) })) })))
  } catch (error) {
    if (error instanceof Invalid) throw new Error(`Cannot export this bundle as .ofc: ${error.message}`)
    throw error
  }

  const partial = `${outPath}.partial`
  const zip = new yazl.ZipFile()
  const failed = new Promise<never>((_, reject) => zip.on('error', reject))
  bundle.media.forEach((m, i) => {
    const ext = media[i].file.split('.')[1] ?? ''
    zip.addReadStreamLazy(`media/${media[i].file}`, { compress: !STORED_EXTENSIONS.has(ext) }, (callback) => {
      const source = createReadStream(m.path)
      const digest = new Digest()
      source.on('error', (error) => zip.emit('error', error))
      digest.on('end', () => {
        media[i].sha256 = digest.hash.digest('hex')
        media[i].size = digest.bytes
      })
      callback(null, source.pipe(digest))
    })
  })
  /* called when its turn comes, after every media entry was read */
  zip.addReadStreamLazy('manifest.json', (callback) => {
    callback(null, Readable.from([Buffer.from(JSON.stringify(manifest), 'utf8')]))
  })
  zip.end()
  const output = createWriteStream(partial)
  const piping = pipeline(zip.outputStream as unknown as Readable, output)
  try {
    await Promise.race([piping, failed])
    await rename(partial, outPath)
  } catch (error) {
    /* the pipeline settles once the file is closed: only then is removing it final */
    output.destroy()
    await piping.catch(() => {})
    await rm(partial, { force: true })
    throw error
  }
}

/* ------------------------------------------------------------------ reading */

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
        if (this.used > this.max) return callback(new ImportError('import_too_big', `The archive unpacks to more than ${this.max} bytes`))
        if (own > limit) return callback(new ImportError('import_too_big', `${what} is larger than ${limit} bytes`))
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

export async function readOfc(
  filePath: string,
  workDir: string,
  options: { maxUncompressedBytes?: number } = {}
): Promise<ImportBundle> {
  const max = options.maxUncompressedBytes ?? OFC_MAX_UNCOMPRESSED_BYTES
  if ((await stat(filePath)).size === 0) throw new ImportError('import_empty', 'The file is empty')

  let zip: yauzl.ZipFile
  try {
    /* sizes are checked by counting, below, since the declared ones can lie */
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: false })
  } catch (error) {
    throw corrupt(`Not a readable .ofc (zip) file: ${(error as Error).message}`)
  }

  let mediaDir: string | null = null
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new ImportError('import_too_big', `The archive lists ${zip.entryCount} files`)
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
    if (declared > max) throw new ImportError('import_too_big', `The archive unpacks to ${declared} bytes, more than ${max}`)

    const manifestEntry = entries.get('manifest.json')
    if (!manifestEntry) {
      if (entries.has('collection.anki2') || entries.has('collection.anki21') || entries.has('collection.anki21b')) {
        throw new ImportError('unsupported_format', 'This is an Anki package, not a .ofc file')
      }
      throw corrupt('The archive has no manifest.json: not a .ofc file')
    }
    const budget = new Budget(max)
    const chunks: Buffer[] = []
    try {
      const sink = new PassThrough()
      sink.on('data', (chunk: Buffer) => chunks.push(chunk))
      await pipeline(await openStream(zip, manifestEntry), budget.meter(MAX_MANIFEST_BYTES, 'manifest.json'), sink)
    } catch (error) {
      throw asImportError(error, 'manifest.json')
    }
    const manifestBytes = Buffer.concat(chunks)
    if (manifestBytes.length !== manifestEntry.uncompressedSize) throw corrupt('manifest.json is not the size the archive declares')
    let json: unknown
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes))
    } catch (error) {
      throw corrupt(`manifest.json is not valid JSON: ${(error as Error).message}`)
    }
    let manifest: ReturnType<typeof readManifest>
    try {
      manifest = readManifest(json)
    } catch (error) {
      if (error instanceof Invalid) throw corrupt(`Invalid manifest: ${error.message}`)
      throw error
    }

    for (const m of manifest.media) {
      if (!entries.has(`media/${m.file}`)) throw corrupt(`Media file "${m.name}" (media/${m.file}) is missing from the archive`)
    }
    const media: BundleMedia[] = []
    if (manifest.media.length) {
      await mkdir(workDir, { recursive: true })
      /* a directory of its own: nothing else in workDir is overwritten, and a refusal removes it whole */
      mediaDir = await mkdtemp(join(workDir, 'ofc-media-'))
    }
    for (const m of manifest.media) {
      const entry = entries.get(`media/${m.file}`)!
      const target = join(mediaDir!, m.file)
      const digest = new Digest()
      try {
        await pipeline(await openStream(zip, entry), budget.meter(), digest, createWriteStream(target, { flags: 'wx' }))
      } catch (error) {
        throw asImportError(error, `media/${m.file}`)
      }
      if (digest.bytes !== entry.uncompressedSize || digest.bytes !== m.size) {
        throw corrupt(`Media file "${m.name}" has ${digest.bytes} bytes, the archive says ${m.size}`)
      }
      if (digest.hash.digest('hex') !== m.sha256) throw corrupt(`Media file "${m.name}" does not match its checksum`)
      media.push({ name: m.name, path: target, size: m.size })
    }

    return {
      format: 'ofc',
      noteTypes: manifest.noteTypes,
      decks: manifest.decks,
      notes: manifest.notes,
      cards: manifest.cards,
      reviews: manifest.reviews,
      media,
      warnings: [],
    }
  } catch (error) {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
    throw asImportError(error, 'the archive')
  } finally {
    zip.close()
  }
}
