import { createHash, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { extname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import yazl from 'yazl'
import type { BundleCard, BundleNote, BundleNoteType, BundleProgress, BundleReview, ImportBundle } from '#importers/bundle'
import { isSafeMediaName } from '#importers/anki/media_refs'
import { formatOcclusions } from '#importers/anki/occlusion'
import { defaultDeckConfig, SCHEMA11_GRAVES, SCHEMA11_INDEXES, SCHEMA11_TABLES } from '#importers/anki/schema11'
import { ankiStockNoteType, type SourceNoteType } from '#importers/anki/stock'
import { saveZip } from '#exporters/zip_writer'

/*
 * Writes a bundle as a legacy .apkg: collection.anki2 in schema 11 (every
 * Anki version, AnkiDroid and AnkiMobile open it), the JSON media map and the
 * media files stored under their index. The collection is built in a
 * temporary SQLite file next to outPath and streamed into the zip; media are
 * streamed from where the bundle says they are.
 *
 * Scheduling is written as Anki's v2/v3 schedulers keep it: review cards due
 * on a day counted from the collection's creation (`crt`, set to a UTC
 * midnight on or before every date in the bundle), learning cards due at a
 * unix time; FSRS memory state and the last review time go in the card's
 * `data` JSON.
 */

const DAY_MS = 86_400_000
const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n'
const LATEX_POST = '\\end{document}'
/* formats that deflate cannot shrink: stored as they are */
const PRECOMPRESSED = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.mp3', '.m4a', '.ogg', '.opus', '.mp4', '.webm', '.zip'])

const REVLOG_TYPE: Record<BundleReview['kind'], number> = { learn: 0, review: 1, relearn: 2, manual: 4 }

/** Anki's ids are millisecond timestamps; a stable one per note type lets Anki recognise a type on re-import. */
function stableId(text: string): number {
  const hash = createHash('sha1').update(text).digest()
  return 1_000_000_000_000 + (hash.readUIntBE(0, 5) % 900_000_000_000)
}

function stripHtml(html: string): string {
  return html
    .replace(/<img[^>]*src=["']?([^"'>\s]+)[^>]*>/gi, ' $1 ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim()
}

/** notes.csum: the first 8 hex digits of the SHA-1 of the stripped first field, as Anki computes for duplicate checks */
function fieldChecksum(text: string): number {
  return Number.parseInt(createHash('sha1').update(stripHtml(text)).digest('hex').slice(0, 8), 16)
}

/* the field separator cannot appear inside a field */
const cleanField = (value: unknown) => String(value ?? '').replace(/\x1f/g, ' ')

/** Revlog intervals: whole days as they are, shorter ones as negative seconds. */
function revlogInterval(days: number): number {
  if (!Number.isFinite(days) || days <= 0) return 0
  return Number.isInteger(days) ? days : -Math.round(days * 86_400)
}

interface WrittenType {
  id: number
  source: SourceNoteType
  bundle: BundleNoteType
}

function ankiNoteType(bundle: BundleNoteType, id: number): WrittenType {
  if (bundle.kind !== 'custom') {
    return { id, bundle, source: { id: String(id), name: bundle.name, ...ankiStockNoteType(bundle.kind) } }
  }
  return {
    id,
    bundle,
    source: {
      id: String(id),
      name: bundle.name,
      cloze: bundle.isCloze,
      css: bundle.css,
      originalStockKind: 0,
      fields: bundle.fields.map((name) => ({ name, tag: null })),
      templates: bundle.templates.map((template) => ({ ...template })),
    },
  }
}

/** The field values in the order of the Anki type. */
function fieldValues(note: BundleNote, type: WrittenType): string[] {
  if (type.bundle.kind === 'image_occlusion') {
    const attachment = note.fieldAttachmentsMap?.Image ?? Object.values(note.fieldAttachmentsMap ?? {})[0]
    const shapes = attachment ? formatOcclusions(attachment.masks, attachment.hideAll ?? true) : ''
    return [shapes, note.fields.Image, note.fields.Header, note.fields['Back Extra'], ''].map(cleanField)
  }
  return type.source.fields.map((field) => cleanField(note.fields[field.name]))
}

/** Which fields a template's front needs: schema 11's `req`, used by Anki versions before 2.1.28. */
function requirements(source: SourceNoteType): [number, string, number[]][] {
  return source.templates.map((template, ord) => {
    const used = source.fields
      .map((field, index) => ({ index, used: template.front.includes(`{{${field.name}}}`) || template.front.includes(`:${field.name}}}`) }))
      .filter((entry) => entry.used)
      .map((entry) => entry.index)
    return used.length ? [ord, 'any', used] : [ord, 'any', [0]]
  })
}

function modelJson(type: WrittenType, mtime: number) {
  const { source } = type
  const model: Record<string, unknown> = {
    id: type.id,
    name: source.name,
    type: source.cloze ? 1 : 0,
    mod: mtime,
    usn: 0,
    sortf: 0,
    did: 1,
    tmpls: source.templates.map((template, ord) => ({
      name: template.name,
      ord,
      qfmt: template.front,
      afmt: template.back,
      bqfmt: '',
      bafmt: '',
      did: null,
      bfont: '',
      bsize: 0,
    })),
    flds: source.fields.map((field, ord) => ({
      name: field.name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
      ...(field.tag !== null ? { tag: field.tag } : {}),
    })),
    css: source.css,
    latexPre: LATEX_PRE,
    latexPost: LATEX_POST,
    latexsvg: false,
    req: source.cloze ? [] : requirements(source),
    tags: [],
    vers: [],
  }
  if (source.originalStockKind) model.originalStockKind = source.originalStockKind
  return model
}

/** Full deck names ("A::B"), the bundle's levels made safe for Anki's separator. */
function deckNames(bundle: ImportBundle): Map<string, string> {
  const byKey = new Map(bundle.decks.map((deck) => [deck.key, deck]))
  const names = new Map<string, string>()
  const taken = new Set<string>()
  const level = (name: string) => name.replace(/::+/g, ':').trim() || 'Deck'
  const fullName = (key: string, depth = 0): string => {
    const known = names.get(key)
    if (known) return known
    const deck = byKey.get(key)!
    const parent = deck.parentKey && byKey.has(deck.parentKey) && depth < 100 ? fullName(deck.parentKey, depth + 1) : null
    const base = parent ? `${parent}::${level(deck.name)}` : level(deck.name)
    /* two siblings with one name would be one deck in Anki */
    let name = base
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`
    taken.add(name.toLowerCase())
    names.set(key, name)
    return name
  }
  for (const deck of bundle.decks) fullName(deck.key)
  return names
}

function deckJson(id: number, name: string, mtime: number) {
  return {
    id,
    name,
    mod: mtime,
    usn: 0,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  }
}

/** A UTC midnight on or before now and every due date and review in the bundle, so day numbers are never negative. */
function creationDay(bundle: ImportBundle, now: number): number {
  let earliest = now
  for (const card of bundle.cards) {
    const due = card.progress?.dueAt?.getTime()
    if (due !== undefined && due < earliest) earliest = due
  }
  for (const review of bundle.reviews) earliest = Math.min(earliest, review.reviewedAt.getTime())
  return Math.floor(earliest / DAY_MS) * (DAY_MS / 1000)
}

interface CardColumns {
  type: number
  queue: number
  due: number
  ivl: number
  factor: number
  reps: number
  lapses: number
  left: number
  data: string
}

function cardColumns(progress: BundleProgress | null, position: number, crt: number, now: number): CardColumns {
  if (!progress) return { type: 0, queue: 0, due: position, ivl: 0, factor: 0, reps: 0, lapses: 0, left: 0, data: '' }
  const data: Record<string, number> = {}
  if (progress.stability !== null && Number.isFinite(progress.stability)) data.s = progress.stability
  if (progress.difficulty !== null && Number.isFinite(progress.difficulty)) data.d = progress.difficulty
  if (progress.lastReviewedAt) data.lrt = Math.floor(progress.lastReviewedAt.getTime() / 1000)
  const common = {
    reps: Math.max(0, Math.round(progress.reps)),
    lapses: Math.max(0, Math.round(progress.lapses)),
    data: Object.keys(data).length ? JSON.stringify(data) : '',
  }
  const dueMs = progress.dueAt?.getTime() ?? now
  const factor = Math.round((progress.ease > 0 ? progress.ease : 2.5) * 1000)
  const frozen = (queue: number) => (progress.frozen ? -1 : queue)
  switch (progress.state) {
    case 'new':
      return { type: 0, queue: frozen(0), due: position, ivl: 0, factor: 0, left: 0, ...common }
    case 'learning':
    case 'relearning':
      /* intraday queue: due is a unix time; one step left */
      return {
        type: progress.state === 'learning' ? 1 : 3,
        queue: frozen(1),
        due: Math.floor(dueMs / 1000),
        ivl: Math.max(0, Math.round(progress.intervalDays)),
        factor,
        left: 1,
        ...common,
      }
    default:
      return {
        type: 2,
        queue: frozen(2),
        due: Math.floor((dueMs - crt * 1000) / DAY_MS),
        ivl: Math.max(1, Math.round(progress.intervalDays)),
        factor,
        left: 0,
        ...common,
      }
  }
}

function writeCollection(bundle: ImportBundle, path: string) {
  const now = Date.now()
  const mtime = Math.floor(now / 1000)
  const crt = creationDay(bundle, now)
  const db = new DatabaseSync(path)
  try {
    /* a scratch file rebuilt on any failure: no journal, no fsync */
    db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF')
    db.exec(SCHEMA11_TABLES + SCHEMA11_GRAVES + SCHEMA11_INDEXES)
    db.exec('BEGIN')

    /* note types */
    const types = new Map<string, WrittenType>()
    const usedIds = new Set<number>()
    for (const noteType of bundle.noteTypes) {
      let id = stableId(`mnemo-note-type:${noteType.kind}:${noteType.key}:${noteType.name}`)
      while (usedIds.has(id)) id++
      usedIds.add(id)
      types.set(noteType.key, ankiNoteType(noteType, id))
    }

    /* decks: Anki always has Default (id 1); a top-level bundle deck of that name becomes it */
    const names = deckNames(bundle)
    const deckIds = new Map<string, number>()
    const decks: Record<string, unknown> = {}
    let nextDeckId = now
    for (const deck of bundle.decks) {
      const name = names.get(deck.key)!
      const id = name.toLowerCase() === 'default' ? 1 : nextDeckId++
      deckIds.set(deck.key, id)
      decks[id] = deckJson(id, name, mtime)
    }
    if (!decks[1]) decks[1] = deckJson(1, 'Default', mtime)

    /* notes */
    const noteIds = new Map<string, number>()
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, \'\')')
    let nextNoteId = now
    for (const note of bundle.notes) {
      const type = types.get(note.noteTypeKey)
      if (!type) continue
      const values = fieldValues(note, type)
      const tags = note.tags.map((tag) => tag.trim().replace(/\s+/g, '_')).filter(Boolean)
      const id = nextNoteId++
      noteIds.set(note.key, id)
      const sortField = stripHtml(values[0] ?? '')
      insertNote.run(id, note.guid, type.id, mtime, tags.length ? ` ${tags.join(' ')} ` : '', values.join('\x1f'), sortField, fieldChecksum(values[0] ?? ''))
    }

    /* cards */
    const noteDecks = new Map(bundle.notes.map((note) => [note.key, note.deckKey]))
    const cardIds = new Map<string, number>()
    const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)')
    let nextCardId = now
    let position = 0
    const seen = new Set<string>()
    for (const card of bundle.cards as BundleCard[]) {
      const noteId = noteIds.get(card.noteKey)
      /* Anki holds one card per note and template */
      if (noteId === undefined || seen.has(`${noteId}:${card.ord}`)) continue
      seen.add(`${noteId}:${card.ord}`)
      const did = deckIds.get(card.deckKey) ?? deckIds.get(noteDecks.get(card.noteKey) ?? '') ?? 1
      const columns = cardColumns(card.progress, ++position, crt, now)
      const id = nextCardId++
      cardIds.set(card.key, id)
      insertCard.run(id, noteId, did, card.ord, mtime, columns.type, columns.queue, columns.due, columns.ivl, columns.factor, columns.reps, columns.lapses, columns.left, columns.data)
    }

    /* review history: revlog ids are the review's time in ms, and unique */
    const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)')
    const reviewIds = new Set<number>()
    for (const review of bundle.reviews) {
      const cardId = cardIds.get(review.cardKey)
      if (cardId === undefined) continue
      let id = review.reviewedAt.getTime()
      while (reviewIds.has(id)) id++
      reviewIds.add(id)
      insertReview.run(
        id,
        cardId,
        review.rating,
        revlogInterval(review.intervalDays),
        revlogInterval(review.lastIntervalDays),
        Math.round((review.ease || 0) * 1000),
        Math.max(0, Math.round(review.durationMs)),
        REVLOG_TYPE[review.kind] ?? 1
      )
    }

    const models: Record<string, unknown> = {}
    for (const type of types.values()) models[type.id] = modelJson(type, mtime)
    const conf = {
      nextPos: position + 1,
      estTimes: true,
      activeDecks: [1],
      sortType: 'noteFld',
      timeLim: 0,
      sortBackwards: false,
      addToCur: true,
      curDeck: 1,
      newSpread: 0,
      dueCounts: true,
      curModel: String(types.values().next().value?.id ?? ''),
      collapseTime: 1200,
      /* the v2 layout of learning cards written above; Anki 2.1.50+ requires it for v3 */
      schedVer: 2,
    }
    db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, \'{}\')').run(
      crt,
      now,
      now,
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify({ 1: defaultDeckConfig(mtime) })
    )
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}

async function zipPackage(collectionPath: string, bundle: ImportBundle, outPath: string) {
  const zip = new yazl.ZipFile()
  const map: Record<string, string> = {}
  const names = new Set<string>()
  zip.addFile(collectionPath, 'collection.anki2')
  let index = 0
  for (const media of bundle.media) {
    /* Anki refuses a package with unsafe names; a name used twice is one file */
    const name = isSafeMediaName(media.name) ? media.name.normalize('NFC') : media.name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/^\.+$/, '_')
    if (names.has(name)) continue
    names.add(name)
    map[index] = name
    zip.addFile(media.path, String(index), { compress: !PRECOMPRESSED.has(extname(name).toLowerCase()) })
    index++
  }
  zip.addBuffer(Buffer.from(JSON.stringify(map)), 'media')
  await saveZip(zip, outPath)
}

export async function writeAnkiPackage(bundle: ImportBundle, outPath: string): Promise<void> {
  const collectionPath = `${outPath}.${randomUUID()}.anki2`
  try {
    writeCollection(bundle, collectionPath)
    await zipPackage(collectionPath, bundle, outPath)
  } catch (error) {
    await rm(outPath, { force: true })
    throw error
  } finally {
    await rm(collectionPath, { force: true })
    await rm(`${collectionPath}-journal`, { force: true })
  }
}
