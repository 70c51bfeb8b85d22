import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { zstdDecompressSync } from 'node:zlib'
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
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { isSafeMediaName, mediaReferences, referenceVariants } from '#importers/anki/media_refs'
import { parseOcclusions } from '#importers/anki/occlusion'
import {
  decodeDeckKind,
  decodeFieldConfig,
  decodeMediaEntries,
  decodeNotetypeConfig,
  decodePackageMetadata,
  decodeTemplateConfig,
  ProtoError,
} from '#importers/anki/protobuf/messages'
import { stockMapping, type SourceNoteType, type StockMapping } from '#importers/anki/stock'
import { ByteBudget, ZipReader } from '#importers/anki/zip_reader'

/*
 * Reads an Anki package (.apkg, .colpkg) of any generation into an
 * ImportBundle: the legacy collection.anki2 / .anki21 (schema 11, JSON in
 * `col`) and the latest collection.anki21b (zstd, schema 18, protobuf blobs).
 * The zip is streamed, the collection is unpacked into workDir and read there
 * with node:sqlite, and only media that notes (or custom templates) use are
 * extracted. Everything the reader refuses is an ImportError; on failure it
 * removes what it wrote, on success only the media files stay in workDir.
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
/** meta and the media list are read whole; a real media list of 100,000 files is a few MB */
const SMALL_ENTRY_LIMIT = 64 * 1024 ** 2
const NEWEST_SCHEMA = 18
const DAY_SECONDS = 86_400
/* a learning card's due is a unix time in seconds, an interday one a day number */
const TIMESTAMP_THRESHOLD = 1_000_000_000
const MAX_MASKS = 200
const MAX_DURATION_MS = 60_000

const COLLECTIONS = [
  { entry: 'collection.anki21b', latest: true },
  { entry: 'collection.anki21', latest: false },
  { entry: 'collection.anki2', latest: false },
] as const

type Row = Record<string, unknown>

interface SourceDeck {
  id: string
  path: string[]
  filtered: boolean
}

interface SourceCollection {
  crt: number
  noteTypes: Map<string, SourceNoteType>
  /** note types present but unreadable, by id → name */
  brokenNoteTypes: Map<string, string>
  decks: Map<string, SourceDeck>
}

class Warnings {
  readonly list: { message: string }[] = []
  add(count: number, message: string) {
    if (count > 0) this.list.push({ message })
  }
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value))
const num = (value: unknown) => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}

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
    const source = await chooseCollection(zip)
    const collectionPath = join(workDir, `anki-collection-${randomUUID()}.sqlite`)
    /* SQLite may add a journal, WAL and shared-memory file next to it */
    created.push(collectionPath, `${collectionPath}-journal`, `${collectionPath}-wal`, `${collectionPath}-shm`)
    await zip.extract(source.entry, collectionPath, { zstd: source.latest })

    db = openCollection(collectionPath)
    const format = options.format ?? (extname(filePath).toLowerCase() === '.colpkg' ? 'colpkg' : 'apkg')
    const warnings = new Warnings()
    const collection = readSourceCollection(db, warnings)
    const content = readContent(db, collection, format, warnings)
    db.close()
    db = null
    for (const path of created.splice(0)) await rm(path, { force: true })

    const media = await extractMedia(zip, source.latest, content.references, workDir, created, warnings)
    return {
      format,
      noteTypes: content.noteTypes,
      decks: content.decks,
      notes: content.notes,
      cards: content.cards,
      reviews: content.reviews,
      media,
      warnings: warnings.list,
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

/* ---------------------------------------------------------------- package */

async function chooseCollection(zip: ZipReader): Promise<(typeof COLLECTIONS)[number]> {
  if (zip.entries.size === 0) throw new ImportError('import_empty', 'the zip holds no files')
  let version: number | null = null
  if (zip.entries.has('meta')) {
    try {
      version = decodePackageMetadata(await zip.read('meta', SMALL_ENTRY_LIMIT)).version
    } catch (error) {
      if (error instanceof ProtoError) throw new ImportError('import_corrupt', `meta: ${error.message}`)
      throw error
    }
    /* 0 is "unknown": Anki itself answers "made by a newer version" */
    if (version < 1 || version > 3) throw new ImportError('unsupported_format', `package version ${version} is newer than this reader`)
  }
  /* newest first: newer packages carry a stub collection.anki2 that only asks to update Anki */
  const present = COLLECTIONS.find((candidate) => zip.entries.has(candidate.entry))
  if (!present) throw new ImportError('unsupported_format', 'no Anki collection in the zip')
  if (version === 3 && !present.latest) throw new ImportError('import_corrupt', 'collection.anki21b missing from a latest-format package')
  return present
}

function openCollection(path: string): DatabaseSync {
  try {
    const db = new DatabaseSync(path)
    /* the first statement reads the header: "file is not a database" surfaces here */
    db.prepare("SELECT count(*) FROM sqlite_master").get()
    db.exec('PRAGMA query_only = ON')
    return db
  } catch (error) {
    throw new ImportError('import_corrupt', `the collection is not an SQLite database: ${(error as Error).message}`)
  }
}

/* ------------------------------------------------------------- collection */

const REQUIRED_COLUMNS: Record<string, string[]> = {
  col: ['crt', 'ver'],
  notes: ['id', 'guid', 'mid', 'tags', 'flds'],
  cards: ['id', 'nid', 'did', 'ord', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'odue', 'odid'],
  revlog: ['id', 'cid', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'],
}
const MODERN_COLUMNS: Record<string, string[]> = {
  notetypes: ['id', 'name', 'config'],
  fields: ['ntid', 'ord', 'name', 'config'],
  templates: ['ntid', 'ord', 'name', 'config'],
  decks: ['id', 'name', 'kind'],
}
const LEGACY_COLUMNS: Record<string, string[]> = { col: ['models', 'decks'] }

function columnsOf(db: DatabaseSync, table: string): Set<string> {
  return new Set(db.prepare(`PRAGMA table_info("${table}")`).all().map((row) => str((row as Row).name)))
}

function requireColumns(db: DatabaseSync, tables: Set<string>, required: Record<string, string[]>) {
  const missing: string[] = []
  for (const [table, columns] of Object.entries(required)) {
    if (!tables.has(table)) {
      missing.push(table)
      continue
    }
    const present = columnsOf(db, table)
    for (const column of columns) if (!present.has(column)) missing.push(`${table}.${column}`)
  }
  if (missing.length) throw new ImportError('import_wrong_schema', `not an Anki collection: missing ${missing.join(', ')}`)
}

function readSourceCollection(db: DatabaseSync, warnings: Warnings): SourceCollection {
  const tables = new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => str((row as Row).name))
  )
  requireColumns(db, tables, REQUIRED_COLUMNS)
  const col = db.prepare('SELECT crt, ver FROM col LIMIT 1').get() as Row | undefined
  if (!col) throw new ImportError('import_wrong_schema', 'the collection has no col row')
  const version = num(col.ver)
  if (version > NEWEST_SCHEMA) throw new ImportError('unsupported_format', `collection schema ${version} is newer than this reader`)
  const crt = num(col.crt)

  /* schema 15 moved note types and decks from col's JSON into tables */
  if (version >= 15) {
    requireColumns(db, tables, MODERN_COLUMNS)
    return { crt, ...readModernNoteTypes(db), decks: readModernDecks(db, warnings) }
  }
  requireColumns(db, tables, LEGACY_COLUMNS)
  const json = db.prepare('SELECT models, decks FROM col LIMIT 1').get() as Row
  return { crt, ...readLegacyNoteTypes(str(json.models)), decks: readLegacyDecks(str(json.decks)) }
}

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ImportError('import_corrupt', `${what} is not valid JSON`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ImportError('import_corrupt', `${what} is not a JSON object`)
  return value as Record<string, unknown>
}

/* keeps the source order when `ord` is missing, as old files sometimes have */
function byOrd<T extends { ord?: unknown }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (num(a.item.ord ?? a.index) - num(b.item.ord ?? b.index)) || a.index - b.index)
    .map(({ item }) => item)
}

function readLegacyNoteTypes(text: string): Pick<SourceCollection, 'noteTypes' | 'brokenNoteTypes'> {
  const noteTypes = new Map<string, SourceNoteType>()
  const brokenNoteTypes = new Map<string, string>()
  for (const [id, value] of Object.entries(parseJsonObject(text, 'col.models'))) {
    const model = (value ?? {}) as Record<string, any>
    if (!Array.isArray(model.flds) || !Array.isArray(model.tmpls) || model.flds.length === 0) {
      brokenNoteTypes.set(id, str(model.name) || id)
      continue
    }
    noteTypes.set(id, {
      id,
      name: str(model.name),
      cloze: num(model.type) === 1,
      css: typeof model.css === 'string' ? model.css : '',
      originalStockKind: num(model.originalStockKind),
      fields: byOrd(model.flds as Record<string, unknown>[]).map((field) => ({
        name: str(field?.name),
        tag: typeof field?.tag === 'number' ? field.tag : null,
      })),
      templates: byOrd(model.tmpls as Record<string, unknown>[]).map((template) => ({
        name: str(template?.name),
        front: str(template?.qfmt),
        back: str(template?.afmt),
      })),
    })
  }
  return { noteTypes, brokenNoteTypes }
}

function readLegacyDecks(text: string): Map<string, SourceDeck> {
  const decks = new Map<string, SourceDeck>()
  for (const [id, value] of Object.entries(parseJsonObject(text, 'col.decks'))) {
    const deck = (value ?? {}) as Record<string, unknown>
    decks.set(id, { id, path: splitDeckName(str(deck.name), '::'), filtered: Boolean(num(deck.dyn)) })
  }
  return decks
}

function splitDeckName(name: string, separator: string): string[] {
  const path = name
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean)
  return path.length ? path : ['Default']
}

const asBytes = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array(0))

function readModernNoteTypes(db: DatabaseSync): Pick<SourceCollection, 'noteTypes' | 'brokenNoteTypes'> {
  const noteTypes = new Map<string, SourceNoteType>()
  const brokenNoteTypes = new Map<string, string>()
  const fields = new Map<string, { ord: number; name: string; tag: number | null }[]>()
  const templates = new Map<string, { ord: number; name: string; front: string; back: string }[]>()
  const broken = new Set<string>()
  const push = <T>(map: Map<string, T[]>, key: string, item: T) => (map.get(key) ?? map.set(key, []).get(key)!).push(item)

  /* no ORDER BY on name columns: they use Anki's `unicase` collation, unknown here */
  for (const row of db.prepare('SELECT CAST(ntid AS TEXT) AS ntid, ord, name, config FROM fields').iterate() as Iterable<Row>) {
    try {
      push(fields, str(row.ntid), { ord: num(row.ord), name: str(row.name), tag: decodeFieldConfig(asBytes(row.config)).tag })
    } catch {
      broken.add(str(row.ntid))
    }
  }
  for (const row of db.prepare('SELECT CAST(ntid AS TEXT) AS ntid, ord, name, config FROM templates').iterate() as Iterable<Row>) {
    try {
      const config = decodeTemplateConfig(asBytes(row.config))
      push(templates, str(row.ntid), { ord: num(row.ord), name: str(row.name), ...config })
    } catch {
      broken.add(str(row.ntid))
    }
  }
  for (const row of db.prepare('SELECT CAST(id AS TEXT) AS id, name, config FROM notetypes').iterate() as Iterable<Row>) {
    const id = str(row.id)
    const ownFields = (fields.get(id) ?? []).sort((a, b) => a.ord - b.ord)
    const ownTemplates = (templates.get(id) ?? []).sort((a, b) => a.ord - b.ord)
    let config
    try {
      config = decodeNotetypeConfig(asBytes(row.config))
    } catch {
      broken.add(id)
    }
    if (!config || broken.has(id) || ownFields.length === 0) {
      brokenNoteTypes.set(id, str(row.name) || id)
      continue
    }
    noteTypes.set(id, {
      id,
      name: str(row.name),
      cloze: config.cloze,
      css: config.css,
      originalStockKind: config.originalStockKind,
      fields: ownFields.map(({ name, tag }) => ({ name, tag })),
      templates: ownTemplates.map(({ name, front, back }) => ({ name, front, back })),
    })
  }
  return { noteTypes, brokenNoteTypes }
}

function readModernDecks(db: DatabaseSync, warnings: Warnings): Map<string, SourceDeck> {
  const decks = new Map<string, SourceDeck>()
  let unreadable = 0
  for (const row of db.prepare('SELECT CAST(id AS TEXT) AS id, name, kind FROM decks').iterate() as Iterable<Row>) {
    let kind: ReturnType<typeof decodeDeckKind> = 'unknown'
    try {
      kind = decodeDeckKind(asBytes(row.kind))
    } catch {
      unreadable++
    }
    /* schema 18 separates deck name levels with \x1f */
    decks.set(str(row.id), { id: str(row.id), path: splitDeckName(str(row.name), '\x1f'), filtered: kind === 'filtered' })
  }
  warnings.add(unreadable, `${unreadable} deck(s) had unreadable settings and were read as normal decks`)
  return decks
}

/* ----------------------------------------------------------------- content */

interface Content {
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  notes: BundleNote[]
  cards: BundleCard[]
  reviews: BundleReview[]
  /** lookup set of every spelling of every referenced file, and the references as written */
  references: { lookup: Set<string>; written: Map<string, string[]> }
}

function bundleNoteType(source: SourceNoteType, mapping: StockMapping | null): BundleNoteType {
  if (mapping) {
    /* a built-in kind is the product's own type: its fields, cards and style */
    const builtin = BUILTIN_NOTE_TYPES[mapping.kind]
    return {
      key: source.id,
      name: source.name,
      kind: mapping.kind,
      fields: builtin.fields.map((field) => field.name),
      templates: builtin.templates.map((template) => ({ ...template })),
      css: builtin.css,
      isCloze: builtin.isCloze,
    }
  }
  return {
    key: source.id,
    name: source.name,
    kind: 'custom',
    fields: uniqueNames(source.fields.map((field) => field.name)),
    templates: source.templates.map((template) => ({ ...template })),
    css: source.css,
    isCloze: source.cloze,
  }
}

/* Anki keeps field names unique per type; very old files may not have */
function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>()
  return names.map((name) => {
    let unique = name
    while (seen.has(unique)) unique += '_'
    seen.add(unique)
    return unique
  })
}

function parseCardData(text: string): { s: number | null; d: number | null; lrt: number | null } {
  const none = { s: null, d: null, lrt: null }
  if (!text || text[0] !== '{') return none
  try {
    const data = JSON.parse(text) as Record<string, unknown>
    const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
    return { s: finite(data.s), d: finite(data.d), lrt: finite(data.lrt) }
  } catch {
    return none
  }
}

function progressOf(card: Row, crt: number, lastReviewMs: number | undefined): BundleProgress | null {
  const type = num(card.type)
  const queue = num(card.queue)
  /* suspended; buried cards (−2, −3) are only set aside for the day */
  const frozen = queue === -1
  const data = parseCardData(str(card.data))
  const factor = num(card.factor)
  const common = {
    /* learning cards of the old schedulers have no ease yet: Anki's starting ease */
    ease: factor > 0 ? factor / 1000 : 2.5,
    reps: num(card.reps),
    lapses: num(card.lapses),
    stability: data.s,
    difficulty: data.d,
    frozen,
    lastReviewedAt: lastReviewMs !== undefined ? new Date(lastReviewMs) : data.lrt !== null ? new Date(data.lrt * 1000) : null,
  }
  if (type === 0) {
    /* never studied; kept only to carry the suspension */
    return frozen ? { state: 'new', dueAt: null, intervalDays: 0, ...common } : null
  }
  const state = type === 1 ? 'learning' : type === 3 ? 'relearning' : 'review'
  /* in a filtered deck the original due is kept in odue */
  const due = str(card.odid) !== '0' && num(card.odue) !== 0 ? num(card.odue) : num(card.due)
  const dueSeconds = state !== 'review' && due > TIMESTAMP_THRESHOLD ? due : crt + due * DAY_SECONDS
  return {
    state,
    dueAt: new Date(dueSeconds * 1000),
    /* learning intervals below a day are stored as negative seconds */
    intervalDays: Math.max(0, num(card.ivl)),
    ...common,
  }
}

const REVIEW_KIND: Record<number, BundleReview['kind']> = { 0: 'learn', 1: 'review', 2: 'relearn', 3: 'review', 4: 'manual', 5: 'manual' }
const revlogDays = (ivl: number) => (ivl < 0 ? -ivl / DAY_SECONDS : ivl)

function readContent(db: DatabaseSync, source: SourceCollection, format: ImportBundle['format'], warnings: Warnings): Content {
  const mappings = new Map<string, StockMapping | null>()
  for (const [id, noteType] of source.noteTypes) mappings.set(id, stockMapping(noteType))
  const bundleTypes = new Map<string, BundleNoteType>()
  for (const [id, noteType] of source.noteTypes) bundleTypes.set(id, bundleNoteType(noteType, mappings.get(id)!))

  const references = { lookup: new Set<string>(), written: new Map<string, string[]>() }
  const addReferences = (html: string) => {
    for (const ref of mediaReferences(html)) {
      if (references.written.has(ref)) continue
      const variants = referenceVariants(ref)
      references.written.set(ref, variants)
      for (const variant of variants) references.lookup.add(variant)
    }
  }

  /* notes */
  const notes = new Map<string, BundleNote>()
  const skippedByType = new Map<string, number>()
  let unknownType = 0
  let extraFields = 0
  let commentsMoved = 0
  let approximated = 0
  let droppedShapes = 0
  let tooManyMasks = 0
  for (const row of db.prepare('SELECT CAST(id AS TEXT) AS id, guid, CAST(mid AS TEXT) AS mid, tags, flds FROM notes ORDER BY id').iterate() as Iterable<Row>) {
    const mid = str(row.mid)
    const noteType = source.noteTypes.get(mid)
    if (!noteType) {
      if (source.brokenNoteTypes.has(mid)) skippedByType.set(mid, (skippedByType.get(mid) ?? 0) + 1)
      else unknownType++
      continue
    }
    const values = str(row.flds).split('\x1f')
    if (values.slice(noteType.fields.length).some((value) => value !== '')) extraFields++
    const mapping = mappings.get(mid)!
    const bundleType = bundleTypes.get(mid)!
    const fields: Record<string, string> = {}
    let fieldAttachmentsMap: BundleNote['fieldAttachmentsMap']
    if (mapping) {
      for (const [name, index] of Object.entries(mapping.fields)) fields[name] = index >= 0 ? (values[index] ?? '') : ''
      if (mapping.kind === 'image_occlusion') {
        const comments = mapping.comments !== undefined && mapping.comments >= 0 ? (values[mapping.comments] ?? '') : ''
        if (comments.trim()) {
          /* the product's type has no Comments field: keep the text on the back */
          fields['Back Extra'] = fields['Back Extra'] ? `${fields['Back Extra']}<br>${comments}` : comments
          commentsMoved++
        }
        const parsed = parseOcclusions(values[mapping.occlusions!] ?? '')
        approximated += parsed.approximated
        droppedShapes += parsed.dropped
        if (parsed.masks.length > MAX_MASKS) tooManyMasks++
        fieldAttachmentsMap = { Image: { hideAll: parsed.hideAll, masks: parsed.masks.slice(0, MAX_MASKS) } }
      }
    } else {
      bundleType.fields.forEach((name, index) => (fields[name] = values[index] ?? ''))
    }
    for (const value of Object.values(fields)) addReferences(value)
    const note: BundleNote = {
      key: str(row.id),
      guid: str(row.guid),
      noteTypeKey: mid,
      deckKey: '',
      fields,
      tags: str(row.tags)
        .split(/[\s\u3000]+/)
        .filter(Boolean),
    }
    if (fieldAttachmentsMap) note.fieldAttachmentsMap = fieldAttachmentsMap
    notes.set(note.key, note)
  }
  for (const [mid, count] of skippedByType) {
    warnings.add(count, `${count} note(s) of the note type "${source.brokenNoteTypes.get(mid)}" were skipped: the note type cannot be read`)
  }
  warnings.add(unknownType, `${unknownType} note(s) use a note type missing from the package and were skipped`)
  warnings.add(extraFields, `${extraFields} note(s) had more fields than their note type; the extra fields were dropped`)
  warnings.add(commentsMoved, `${commentsMoved} image occlusion note(s): the Comments field was added to Back Extra`)
  warnings.add(approximated, `${approximated} image occlusion shape(s) (ellipses, polygons) became rectangles around them`)
  warnings.add(droppedShapes, `${droppedShapes} image occlusion label(s) or unreadable shape(s) were dropped`)
  warnings.add(tooManyMasks, `${tooManyMasks} image occlusion note(s) had more than ${MAX_MASKS} shapes; the rest were dropped`)

  /* decks: the tree from the names, filtered decks left out (their cards go home) */
  const deckTree = buildDeckTree(source.decks)
  let fallbackDeck: string | null = null
  const fallback = () => {
    if (!fallbackDeck) {
      const existing = source.decks.get('1')
      fallbackDeck = existing && !existing.filtered ? '1' : deckTree.add(['Default'])
    }
    return fallbackDeck
  }

  /* the latest review of each card, for lastReviewedAt */
  const lastReview = new Map<string, number>()
  for (const row of db.prepare('SELECT CAST(cid AS TEXT) AS cid, max(id) AS last FROM revlog WHERE ease > 0 GROUP BY cid').iterate() as Iterable<Row>) {
    lastReview.set(str(row.cid), num(row.last))
  }

  /* cards, lowest ord first so a note's first card sets its deck */
  const cardColumns = columnsOf(db, 'cards')
  const cards: BundleCard[] = []
  const cardKeys = new Set<string>()
  let orphanCards = 0
  let homeless = 0
  const dataColumn = cardColumns.has('data') ? 'data' : "'' AS data"
  const cardQuery = `SELECT CAST(id AS TEXT) AS id, CAST(nid AS TEXT) AS nid, CAST(did AS TEXT) AS did, CAST(odid AS TEXT) AS odid,
    ord, type, queue, due, odue, ivl, factor, reps, lapses, ${dataColumn} FROM cards ORDER BY nid, ord`
  for (const row of db.prepare(cardQuery).iterate() as Iterable<Row>) {
    const note = notes.get(str(row.nid))
    if (!note) {
      orphanCards++
      continue
    }
    const odid = str(row.odid)
    const homeId = odid !== '0' && odid !== '' ? odid : str(row.did)
    const home = source.decks.get(homeId)
    let deckKey: string
    if (home && !home.filtered) {
      deckKey = deckTree.keyOf(home)
    } else {
      homeless++
      deckKey = fallback()
    }
    if (!note.deckKey) note.deckKey = deckKey
    const key = str(row.id)
    cardKeys.add(key)
    deckTree.use(deckKey)
    cards.push({ key, noteKey: note.key, ord: num(row.ord), deckKey, progress: progressOf(row, source.crt, lastReview.get(key)) })
  }
  warnings.add(orphanCards, `${orphanCards} card(s) without a readable note were skipped`)
  warnings.add(homeless, `${homeless} card(s) were in a deck missing from the package and were put in Default`)

  let cardless = 0
  for (const [key, note] of notes) {
    if (!note.deckKey) {
      notes.delete(key)
      cardless++
    }
  }
  warnings.add(cardless, `${cardless} note(s) without cards were skipped`)

  /* review history */
  const reviews: BundleReview[] = []
  let orphanReviews = 0
  for (const row of db.prepare('SELECT id, CAST(cid AS TEXT) AS cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id').iterate() as Iterable<Row>) {
    const ease = num(row.ease)
    /* ease 0: a reschedule or reset entry, not an answer */
    if (ease < 1 || ease > 4) continue
    const cardKey = str(row.cid)
    if (!cardKeys.has(cardKey)) {
      orphanReviews++
      continue
    }
    reviews.push({
      cardKey,
      reviewedAt: new Date(num(row.id)),
      rating: ease as BundleReview['rating'],
      kind: REVIEW_KIND[num(row.type)] ?? 'review',
      intervalDays: revlogDays(num(row.ivl)),
      lastIntervalDays: revlogDays(num(row.lastIvl)),
      ease: num(row.factor) / 1000,
      durationMs: Math.min(MAX_DURATION_MS, Math.max(0, num(row.time))),
    })
  }
  warnings.add(orphanReviews, `${orphanReviews} review-log row(s) of cards not in the package were skipped`)

  /* a deck package carries only the note types its notes use; a collection keeps all */
  const usedTypes = new Set([...notes.values()].map((note) => note.noteTypeKey))
  const noteTypes = [...bundleTypes.values()].filter((type) => format === 'colpkg' || usedTypes.has(type.key))
  /* a custom type's templates and style may use files too (fonts, scripts: Anki's "_" files) */
  for (const type of noteTypes) {
    if (type.kind !== 'custom') continue
    for (const template of type.templates) addReferences(`${template.front}\n${template.back}`)
    addReferences(type.css)
  }

  return {
    noteTypes,
    decks: deckTree.decks(),
    notes: [...notes.values()],
    cards,
    reviews,
    references,
  }
}

/**
 * The deck tree from full names. Levels that exist only as part of a name
 * ("A::B" without a deck "A") become decks of their own. Deck names compare
 * case-insensitively, as Anki's do.
 */
function buildDeckTree(sourceDecks: Map<string, SourceDeck>) {
  const byPath = new Map<string, BundleDeck>()
  const idByPath = new Map<string, string>()
  const used = new Set<string>()
  const pathKey = (path: string[]) => path.map((part) => part.normalize('NFC').toLowerCase()).join('\x1f')
  const normal = [...sourceDecks.values()].filter((deck) => !deck.filtered)
  for (const deck of normal) if (!idByPath.has(pathKey(deck.path))) idByPath.set(pathKey(deck.path), deck.id)

  const add = (path: string[]): string => {
    let parentKey: string | null = null
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth)
      const key = pathKey(prefix)
      let deck = byPath.get(key)
      if (!deck) {
        deck = { key: idByPath.get(key) ?? `path:${prefix.join('::')}`, name: prefix[depth - 1], parentKey }
        byPath.set(key, deck)
      }
      parentKey = deck.key
    }
    return parentKey!
  }
  for (const deck of normal.sort((a, b) => a.path.length - b.path.length)) add(deck.path)

  return {
    add,
    keyOf: (deck: SourceDeck) => byPath.get(pathKey(deck.path))!.key,
    use: (key: string) => used.add(key),
    /* Anki's Default deck (id 1) always exists; it is dropped when nothing is in or under it */
    decks(): BundleDeck[] {
      const all = [...byPath.values()]
      return all.filter((deck) => deck.key !== '1' || used.has('1') || all.some((other) => other.parentKey === '1'))
    },
  }
}

/* ------------------------------------------------------------------- media */

async function extractMedia(
  zip: ZipReader,
  latest: boolean,
  references: Content['references'],
  workDir: string,
  created: string[],
  warnings: Warnings
): Promise<BundleMedia[]> {
  const list = await readMediaList(zip, latest)
  const media: BundleMedia[] = []
  const inPackage = new Set<string>()
  const diskNames = new Set<string>()
  let mediaDir: string | null = null
  let unused = 0
  let unsafe = 0
  for (const [index, item] of list.entries()) {
    const name = item.name.normalize('NFC')
    inPackage.add(name)
    if (!references.lookup.has(name)) {
      unused++
      continue
    }
    if (!isSafeMediaName(name)) {
      unsafe++
      continue
    }
    if (!zip.entries.has(item.zipName)) {
      inPackage.delete(name)
      continue
    }
    if (!mediaDir) {
      mediaDir = await mkdtemp(join(workDir, 'anki-media-'))
      created.push(mediaDir)
    }
    const path = join(mediaDir, diskName(name, index, diskNames))
    const size = await zip.extract(item.zipName, path, { zstd: latest })
    media.push({ name, path, size })
  }
  const missing = [...references.written.entries()].filter(([, variants]) => !variants.some((variant) => inPackage.has(variant))).map(([ref]) => ref)
  const shown = missing.slice(0, 10).join(', ')
  warnings.add(missing.length, `${missing.length} file(s) the notes use are not in the package: ${shown}${missing.length > 10 ? ', …' : ''}`)
  warnings.add(unused, `${unused} media file(s) in the package are used by no note and were left out`)
  warnings.add(unsafe, `${unsafe} media file(s) with an unsafe name (folders, "..") were left out`)
  return media
}

/** Media names can be long or differ only in case; the file on disk gets a short unique name. */
function diskName(name: string, index: number, taken: Set<string>): string {
  let candidate = name
  if (Buffer.byteLength(candidate) > 200) {
    const extension = extname(name).slice(0, 20)
    candidate = `${index}${extension}`
  }
  if (taken.has(candidate.toLowerCase())) candidate = `${index}-${candidate}`.slice(0, 220)
  taken.add(candidate.toLowerCase())
  return candidate
}

async function readMediaList(zip: ZipReader, latest: boolean): Promise<{ zipName: string; name: string }[]> {
  /* older AnkiDroid versions wrote packages without a media list */
  if (!zip.entries.has('media')) return []
  const raw = await zip.read('media', SMALL_ENTRY_LIMIT)
  if (latest) {
    let bytes: Buffer
    try {
      bytes = zstdDecompressSync(raw, { maxOutputLength: SMALL_ENTRY_LIMIT })
    } catch (error) {
      throw new ImportError('import_corrupt', `media list: ${(error as Error).message}`)
    }
    zip.budget.take(bytes.length)
    try {
      return decodeMediaEntries(bytes).map((entry, index) => ({ zipName: String(entry.legacyZipFilename ?? index), name: entry.name }))
    } catch (error) {
      throw new ImportError('import_corrupt', `media list: ${(error as Error).message}`)
    }
  }
  const map = parseJsonObject(raw.toString('utf8') || '{}', 'the media list')
  return Object.entries(map).map(([zipName, name]) => ({ zipName, name: str(name) }))
}
