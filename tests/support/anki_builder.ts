import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DatabaseSync } from 'node:sqlite'
import { createZstdCompress, zstdCompressSync } from 'node:zlib'
import yazl from 'yazl'
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire'
import {
  encodeDeckKind,
  encodeFieldConfig,
  encodeMediaEntries,
  encodeNotetypeConfig,
  encodePackageMetadata,
  encodeTemplateConfig,
} from '#importers/anki/protobuf/messages'
import {
  defaultDeckConfig,
  SCHEMA11_GRAVES,
  SCHEMA11_INDEXES,
  SCHEMA11_TABLES,
} from '#importers/anki/schema11'
import { saveZip } from '#exporters/zip_writer'
import { ankiChecksum, ankiStrippedText } from '#tests/support/anki_package'

/*
 * Builds Anki packages on the fly for tests, as Anki's own Rust tests do:
 *  - 'anki21b' (what Anki 2.1.50+ exports): schema 18 with protobuf blobs and
 *    \x1f deck separators, zstd-compressed, `meta` version 3, media list as
 *    zstd protobuf MediaEntries, media files zstd-compressed, plus the stub
 *    collection.anki2 that only asks to update Anki;
 *  - 'anki21' (meta version 2) and 'anki2' (no meta): schema 11 with JSON in
 *    `col`, JSON media map, raw media files.
 * Everything is data: ids, scheduling columns and revlog rows go in as Anki
 * stores them, so tests state exactly what the package holds.
 */

export interface AnkiNoteTypeSpec {
  id: number
  name: string
  /** notetype kind: cloze types number their cards by cloze */
  cloze?: boolean
  /** StockNotetype.OriginalStockKind (0 when not set) */
  originalStockKind?: number
  css?: string
  /** the field Anki sorts by (`sortf`), 0 by default */
  sortField?: number
  fields: (string | { name: string; tag?: number })[]
  templates: { name: string; front: string; back: string }[]
  /** schema 18 only: this exact Notetype.Config blob instead of one encoded from the above (a broken one, say) */
  rawConfig?: Uint8Array
}

export interface AnkiDeckSpec {
  id: number
  /** levels joined with '::' (written with \x1f in schema 18) */
  name: string
  filtered?: boolean
}

interface AnkiNoteSpec {
  id: number
  guid: string
  noteTypeId: number
  fields: string[]
  tags?: string[]
}

interface AnkiCardSpec {
  id: number
  noteId: number
  deckId: number
  ord: number
  type?: number
  queue?: number
  due?: number
  ivl?: number
  factor?: number
  reps?: number
  lapses?: number
  left?: number
  odue?: number
  odid?: number
  data?: string
}

interface AnkiRevlogSpec {
  id: number
  cardId: number
  ease: number
  ivl: number
  lastIvl: number
  factor: number
  time: number
  type: number
}

interface AnkiMediaSpec {
  name: string
  data: Buffer | string
}

export interface BuildAnkiPackageOptions {
  format: 'anki21b' | 'anki21' | 'anki2'
  /** where the package is written */
  outPath: string
  /** collection creation time (seconds); review cards' due counts days from it */
  crt?: number
  noteTypes: AnkiNoteTypeSpec[]
  /** Default (id 1) is added when missing, as every Anki collection has it */
  decks?: AnkiDeckSpec[]
  notes?: AnkiNoteSpec[]
  cards?: AnkiCardSpec[]
  revlog?: AnkiRevlogSpec[]
  media?: AnkiMediaSpec[]
}

export const DEFAULT_CRT = 1_700_000_000

const STUB_TEXT =
  'Please update to the latest Anki version, then import the .colpkg/.apkg file again.'

/* ---------------------------------------------------------------- zip */

export interface ZipEntrySpec {
  name: string
  data: Buffer | Readable | { path: string }
  compress?: boolean
}

/** A zip of the given entries (buffers, streams or files), for packages and for broken inputs. */
export async function writeZip(outPath: string, entries: ZipEntrySpec[]): Promise<string> {
  const zip = new yazl.ZipFile()
  for (const entry of entries) {
    const options = { compress: entry.compress ?? true, mtime: new Date('2024-01-01T00:00:00Z') }
    if (Buffer.isBuffer(entry.data)) zip.addBuffer(entry.data, entry.name, options)
    else if ('path' in entry.data) zip.addFile(entry.data.path, entry.name, options)
    else zip.addReadStream(entry.data as Readable, entry.name, options)
  }
  await saveZip(zip, outPath)
  return outPath
}

/* -------------------------------------------------------------- SQLite */

/*
 * Schema 18 as Anki leaves it after its upgrades (schema14/15/17/18_upgrade.sql).
 * Name columns use Anki's `unicase` collation, which node:sqlite cannot
 * register: tables are created with a stand-in and the schema text is
 * rewritten afterwards, so the file carries Anki's exact schema and an
 * `ORDER BY name` fails on it as it does on a real collection.
 */
const UNICASE_STAND_IN = 'COLLATE nocase /*unicase*/'
const SCHEMA18_EXTRA = `
CREATE TABLE graves (
  oid integer NOT NULL,
  type integer NOT NULL,
  usn integer NOT NULL,
  PRIMARY KEY (oid, type)
) WITHOUT ROWID;
CREATE INDEX idx_graves_pending ON graves (usn);
CREATE TABLE deck_config (
  id integer PRIMARY KEY NOT NULL,
  name text NOT NULL ${UNICASE_STAND_IN},
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL
);
CREATE TABLE config (
  KEY text NOT NULL PRIMARY KEY,
  usn integer NOT NULL,
  mtime_secs integer NOT NULL,
  val blob NOT NULL
) without rowid;
CREATE TABLE tags (
  tag text NOT NULL PRIMARY KEY ${UNICASE_STAND_IN},
  usn integer NOT NULL,
  collapsed boolean NOT NULL,
  config blob NULL
) without rowid;
CREATE TABLE fields (
  ntid integer NOT NULL,
  ord integer NOT NULL,
  name text NOT NULL ${UNICASE_STAND_IN},
  config blob NOT NULL,
  PRIMARY KEY (ntid, ord)
) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (
  ntid integer NOT NULL,
  ord integer NOT NULL,
  name text NOT NULL ${UNICASE_STAND_IN},
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL,
  PRIMARY KEY (ntid, ord)
) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE INDEX idx_templates_usn ON templates (usn);
CREATE TABLE notetypes (
  id integer NOT NULL PRIMARY KEY,
  name text NOT NULL ${UNICASE_STAND_IN},
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  config blob NOT NULL
);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE INDEX idx_notetypes_usn ON notetypes (usn);
CREATE TABLE decks (
  id integer PRIMARY KEY NOT NULL,
  name text NOT NULL ${UNICASE_STAND_IN},
  mtime_secs integer NOT NULL,
  usn integer NOT NULL,
  common blob NOT NULL,
  kind blob NOT NULL
);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE INDEX idx_notes_mid ON notes (mid);
CREATE INDEX idx_cards_odid ON cards (odid) WHERE odid != 0;
`

const fieldName = (field: AnkiNoteTypeSpec['fields'][number]) =>
  typeof field === 'string' ? field : field.name
const fieldTag = (field: AnkiNoteTypeSpec['fields'][number]) =>
  typeof field === 'string' ? undefined : field.tag

function withDefaultDeck(decks: AnkiDeckSpec[] = []): AnkiDeckSpec[] {
  return decks.some((deck) => deck.id === 1) ? decks : [{ id: 1, name: 'Default' }, ...decks]
}

/* sfld and csum as Anki computes them (tests/support/anki_package.ts) */
const sortField = ankiStrippedText
const checksum = ankiChecksum

function insertContent(db: DatabaseSync, options: BuildAnkiPackageOptions) {
  const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, ?, ?, 0, '')")
  for (const note of options.notes ?? []) {
    const tags = note.tags?.length ? ` ${note.tags.join(' ')} ` : ''
    insertNote.run(
      note.id,
      note.guid,
      note.noteTypeId,
      tags,
      note.fields.join('\x1f'),
      sortField(
        note.fields[
          options.noteTypes.find((type) => type.id === note.noteTypeId)?.sortField ?? 0
        ] ?? ''
      ),
      checksum(note.fields[0] ?? '')
    )
  }
  const insertCard = db.prepare(
    'INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)'
  )
  for (const card of options.cards ?? []) {
    insertCard.run(
      card.id,
      card.noteId,
      card.deckId,
      card.ord,
      card.type ?? 0,
      card.queue ?? (card.type === 3 ? 1 : (card.type ?? 0)),
      card.due ?? 1,
      card.ivl ?? 0,
      card.factor ?? 0,
      card.reps ?? 0,
      card.lapses ?? 0,
      card.left ?? 0,
      card.odue ?? 0,
      card.odid ?? 0,
      card.data ?? ''
    )
  }
  const insertRevlog = db.prepare('INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)')
  for (const row of options.revlog ?? []) {
    insertRevlog.run(
      row.id,
      row.cardId,
      row.ease,
      row.ivl,
      row.lastIvl,
      row.factor,
      row.time,
      row.type
    )
  }
}

function legacyModel(noteType: AnkiNoteTypeSpec) {
  const model: Record<string, unknown> = {
    id: noteType.id,
    name: noteType.name,
    type: noteType.cloze ? 1 : 0,
    mod: 0,
    usn: 0,
    sortf: noteType.sortField ?? 0,
    did: 1,
    tmpls: noteType.templates.map((template, ord) => ({
      name: template.name,
      ord,
      qfmt: template.front,
      afmt: template.back,
      bqfmt: '',
      bafmt: '',
      did: null,
    })),
    flds: noteType.fields.map((field, ord) => ({
      name: fieldName(field),
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
      ...(fieldTag(field) !== undefined ? { tag: fieldTag(field) } : {}),
    })),
    css: noteType.css ?? '',
    latexPre: '',
    latexPost: '',
    req: [],
    tags: [],
    vers: [],
  }
  if (noteType.originalStockKind) model.originalStockKind = noteType.originalStockKind
  return model
}

/** A schema-11 collection file: note types, decks and options as JSON in `col`. */
export function buildLegacyCollection(
  path: string,
  options: Omit<BuildAnkiPackageOptions, 'format' | 'outPath' | 'media'>
) {
  const db = new DatabaseSync(path)
  try {
    db.exec(SCHEMA11_TABLES + SCHEMA11_GRAVES + SCHEMA11_INDEXES)
    db.exec('BEGIN')
    const models = Object.fromEntries(
      options.noteTypes.map((noteType) => [noteType.id, legacyModel(noteType)])
    )
    const decks = Object.fromEntries(
      withDefaultDeck(options.decks).map((deck) => [
        deck.id,
        {
          id: deck.id,
          name: deck.name,
          mod: 0,
          usn: 0,
          desc: '',
          dyn: deck.filtered ? 1 : 0,
          conf: 1,
          collapsed: false,
          newToday: [0, 0],
          revToday: [0, 0],
          lrnToday: [0, 0],
          timeToday: [0, 0],
        },
      ])
    )
    const conf = {
      nextPos: 1,
      curDeck: 1,
      activeDecks: [1],
      schedVer: 2,
      curModel: String(options.noteTypes[0]?.id ?? ''),
    }
    db.prepare("INSERT INTO col VALUES (1, ?, 0, 0, 11, 0, 0, 0, ?, ?, ?, ?, '{}')").run(
      options.crt ?? DEFAULT_CRT,
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify({ 1: defaultDeckConfig(0) })
    )
    insertContent(db, options as BuildAnkiPackageOptions)
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}

/** A schema-18 collection file, as Anki 2.1.50+ keeps it (and leaves it in WAL mode). */
function buildModernCollection(
  path: string,
  options: Omit<BuildAnkiPackageOptions, 'format' | 'outPath' | 'media'>
) {
  const db = new DatabaseSync(path)
  try {
    db.exec(SCHEMA11_TABLES + SCHEMA11_INDEXES + SCHEMA18_EXTRA)
    db.exec('BEGIN')
    /* schema 15 empties col's JSON columns once their content has moved to tables */
    db.prepare("INSERT INTO col VALUES (1, ?, 0, 0, 18, 0, 0, 0, '', '', '', '', '')").run(
      options.crt ?? DEFAULT_CRT
    )
    const insertConfig = db.prepare('INSERT INTO config VALUES (?, 0, 0, ?)')
    insertConfig.run('schedVer', Buffer.from('2'))
    insertConfig.run('creationOffset', Buffer.from('0'))
    db.prepare('INSERT INTO deck_config VALUES (1, ?, 0, 0, ?)').run(
      'Default',
      new BinaryWriter().tag(1, WireType.Varint).uint32(1).finish()
    )

    const insertType = db.prepare('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)')
    const insertField = db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)')
    const insertTemplate = db.prepare('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)')
    for (const noteType of options.noteTypes) {
      const config =
        noteType.rawConfig ??
        encodeNotetypeConfig({
          cloze: Boolean(noteType.cloze),
          css: noteType.css ?? '',
          originalStockKind: noteType.originalStockKind ?? 0,
          sortField: noteType.sortField ?? 0,
        })
      insertType.run(noteType.id, noteType.name, config)
      noteType.fields.forEach((field, ord) =>
        insertField.run(
          noteType.id,
          ord,
          fieldName(field),
          encodeFieldConfig({ tag: fieldTag(field) })
        )
      )
      noteType.templates.forEach((template, ord) =>
        insertTemplate.run(noteType.id, ord, template.name, encodeTemplateConfig(template))
      )
    }
    const insertDeck = db.prepare('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)')
    for (const deck of withDefaultDeck(options.decks)) {
      insertDeck.run(
        deck.id,
        deck.name.split('::').join('\x1f'),
        new Uint8Array(0),
        encodeDeckKind(deck.filtered ? 'filtered' : 'normal')
      )
    }
    const tags = new Set((options.notes ?? []).flatMap((note) => note.tags ?? []))
    const insertTag = db.prepare('INSERT INTO tags VALUES (?, 0, 0, NULL)')
    for (const tag of tags) insertTag.run(tag)
    insertContent(db, options as BuildAnkiPackageOptions)
    db.exec('COMMIT')

    db.exec('PRAGMA writable_schema = ON')
    db.prepare('UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE sql LIKE ?').run(
      UNICASE_STAND_IN,
      'COLLATE unicase',
      '%/*unicase*/%'
    )
    db.exec('PRAGMA writable_schema = OFF')
    db.exec('PRAGMA journal_mode = WAL')
  } finally {
    db.close()
  }
}

async function zstdFile(source: string, destination: string) {
  await pipeline(createReadStream(source), createZstdCompress(), createWriteStream(destination))
}

/** Builds the package and returns its path (options.outPath). */
export async function buildAnkiPackage(options: BuildAnkiPackageOptions): Promise<string> {
  const scratch = `${options.outPath}.${randomUUID()}`
  const temporary: string[] = []
  const temp = (suffix: string) => {
    const path = `${scratch}.${suffix}`
    temporary.push(path, `${path}-wal`, `${path}-shm`, `${path}-journal`)
    return path
  }
  try {
    const entries: ZipEntrySpec[] = []
    const media = options.media ?? []
    if (options.format === 'anki21b') {
      const collection = temp('anki21b.sqlite')
      buildModernCollection(collection, options)
      const compressed = temp('anki21b.zst')
      await zstdFile(collection, compressed)
      const stub = temp('stub.anki2')
      buildLegacyCollection(stub, {
        noteTypes: [
          {
            id: 1,
            name: 'Basic',
            fields: ['Front', 'Back'],
            templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
          },
        ],
        notes: [{ id: 1, guid: 'stub', noteTypeId: 1, fields: [STUB_TEXT, ''] }],
        cards: [{ id: 1, noteId: 1, deckId: 1, ord: 0 }],
      })
      entries.push(
        { name: 'meta', data: Buffer.from(encodePackageMetadata(3)), compress: false },
        { name: 'collection.anki21b', data: { path: compressed }, compress: false },
        { name: 'collection.anki2', data: { path: stub }, compress: false }
      )
      const list = media.map((item) => {
        const data = Buffer.from(item.data)
        return {
          name: item.name,
          size: data.length,
          sha1: createHash('sha1').update(data).digest(),
          data,
        }
      })
      entries.push({
        name: 'media',
        data: zstdCompressSync(encodeMediaEntries(list)),
        compress: false,
      })
      list.forEach((item, index) =>
        entries.push({ name: String(index), data: zstdCompressSync(item.data), compress: false })
      )
    } else {
      const collection = temp('anki2.sqlite')
      buildLegacyCollection(collection, options)
      if (options.format === 'anki21') {
        const stub = temp('stub.anki2')
        buildLegacyCollection(stub, {
          noteTypes: [
            {
              id: 1,
              name: 'Basic',
              fields: ['Front', 'Back'],
              templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
            },
          ],
          notes: [{ id: 1, guid: 'stub', noteTypeId: 1, fields: [STUB_TEXT, ''] }],
          cards: [{ id: 1, noteId: 1, deckId: 1, ord: 0 }],
        })
        entries.push(
          { name: 'meta', data: Buffer.from(encodePackageMetadata(2)), compress: false },
          { name: 'collection.anki21', data: { path: collection } },
          { name: 'collection.anki2', data: { path: stub } }
        )
      } else {
        entries.push({ name: 'collection.anki2', data: { path: collection } })
      }
      entries.push({
        name: 'media',
        data: Buffer.from(
          JSON.stringify(Object.fromEntries(media.map((item, index) => [index, item.name])))
        ),
      })
      media.forEach((item, index) =>
        entries.push({ name: String(index), data: Buffer.from(item.data) })
      )
    }
    return await writeZip(options.outPath, entries)
  } finally {
    for (const path of temporary) await rm(path, { force: true })
  }
}
