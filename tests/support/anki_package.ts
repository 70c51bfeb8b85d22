import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { readZip } from '#tests/support/read_zip'

/*
 * A reader of legacy Anki packages written for the tests, apart from the
 * product's importer: it opens the zip with yauzl and the collection with
 * node:sqlite, and checks the file against what Anki itself requires:
 *
 * - the tables and columns of a schema 11 collection, with their declared
 *   types and NOT NULL (ankitects/anki rslib/src/storage/schema11.sql);
 * - the keys Anki's serde structs need in `col.models` and `col.decks`
 *   (rslib/src/notetype/schema11.rs NotetypeSchema11, NoteFieldSchema11,
 *   CardTemplateSchema11; rslib/src/decks/schema11.rs DeckCommonSchema11,
 *   NormalDeckSchema11: the fields without a serde default);
 * - references between rows (a note's type, a card's note and deck, an
 *   answer's card), field counts, and `sfld`/`csum` as Anki computes them
 *   (rslib/src/text.rs strip_html_preserving_media_filenames);
 * - the JSON media map (index → name) and an entry for each index.
 */

type Row = Record<string, any>

/** schema11.sql: each table's columns in order, with their declared type (all NOT NULL but the ids). */
const SCHEMA11: Record<string, string[]> = {
  col: 'id crt mod scm ver dty usn ls'
    .split(' ')
    .map((name) => `${name}:integer`)
    .concat('conf models decks dconf tags'.split(' ').map((name) => `${name}:text`)),
  notes: [
    'id:integer',
    'guid:text',
    'mid:integer',
    'mod:integer',
    'usn:integer',
    'tags:text',
    'flds:text',
    'sfld:integer',
    'csum:integer',
    'flags:integer',
    'data:text',
  ],
  cards: 'id nid did ord mod usn type queue due ivl factor reps lapses left odue odid flags'
    .split(' ')
    .map((name) => `${name}:integer`)
    .concat('data:text'),
  revlog: 'id cid usn ease ivl lastIvl factor time type'
    .split(' ')
    .map((name) => `${name}:integer`),
  graves: ['usn:integer', 'oid:integer', 'type:integer'],
}

/* serde fields with neither a default nor an Option type: a model or deck without one fails to load */
const MODEL_KEYS = ['id', 'name', 'type', 'mod', 'usn', 'sortf', 'did', 'tmpls', 'flds', 'css']
const FIELD_KEYS = ['name', 'sticky', 'rtl', 'font', 'size']
const TEMPLATE_KEYS = ['name', 'qfmt']
const DECK_KEYS = [
  'id',
  'name',
  'usn',
  'lrnToday',
  'revToday',
  'newToday',
  'timeToday',
  'collapsed',
  'dyn',
]

export interface AnkiPackage {
  col: Row
  models: Record<string, Row>
  decks: Record<string, Row>
  notes: Row[]
  cards: Row[]
  revlog: Row[]
  graves: Row[]
  /** file name → bytes */
  media: Map<string, Buffer>
  /** what Anki would refuse or misread; empty for a good package */
  problems: string[]
}

/** Anki's sort-field text: media tags become their file names between spaces, other HTML goes. */
export function ankiStrippedText(html: string): string {
  const media =
    /<\b(?:img|audio|object)\b[^>]+\b(?:src|data)\b=(?:"([^"]+?)"[^>]*>|'([^']+?)'[^>]*>|([^ >]+?)(?: [^>]*>|>))/gis
  const tags = /<!--.*?-->|<style.*?>.*?<\/style>|<script.*?>.*?<\/script>|<.*?>/gis
  const text = html
    .replace(media, (_m, a?: string, b?: string, c?: string) => ` ${a ?? ''}${b ?? ''}${c ?? ''} `)
    .replace(tags, '')
  if (!text.includes('&')) return text
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
  }
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
      if (body[0] !== '#') return named[body.toLowerCase()] ?? whole
      const hex = body[1] === 'x' || body[1] === 'X'
      return String.fromCodePoint(Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10))
    })
    .replace(/\u00a0/g, ' ')
}

export const ankiChecksum = (field: string) =>
  createHash('sha1').update(ankiStrippedText(field)).digest().readUInt32BE(0)

function schemaProblems(db: DatabaseSync): string[] {
  const problems: string[] = []
  for (const [table, columns] of Object.entries(SCHEMA11)) {
    const info = db.prepare(`PRAGMA table_info("${table}")`).all() as Row[]
    if (!info.length) {
      problems.push(`table ${table} is missing`)
      continue
    }
    const found = info.map((column) => `${column.name}:${String(column.type).toLowerCase()}`)
    if (found.join() !== columns.join())
      problems.push(`${table} has columns ${found.join()}, schema 11 has ${columns.join()}`)
    for (const column of info) {
      const isKey = column.name === 'id' && column.pk === 1
      if (!isKey && column.notnull !== 1) problems.push(`${table}.${column.name} may be NULL`)
    }
    if (table !== 'graves' && !info.some((column) => column.name === 'id' && column.pk === 1))
      problems.push(`${table}.id is not the primary key`)
  }
  return problems
}

function jsonProblems(pkg: AnkiPackage): string[] {
  const problems: string[] = []
  const missing = (what: string, value: Row, keys: string[]) => {
    for (const key of keys) if (!(key in value)) problems.push(`${what} lacks "${key}"`)
  }
  for (const [id, model] of Object.entries(pkg.models)) {
    missing(`model ${id}`, model, MODEL_KEYS)
    if (String(model.id) !== id) problems.push(`model ${id} says id ${model.id}`)
    if (model.type !== 0 && model.type !== 1) problems.push(`model ${id} has type ${model.type}`)
    model.flds?.forEach((field: Row, ord: number) => {
      missing(`model ${id} field ${ord}`, field, FIELD_KEYS)
      if (field.ord !== undefined && field.ord !== ord)
        problems.push(`model ${id} field ${ord} has ord ${field.ord}`)
    })
    model.tmpls?.forEach((template: Row, ord: number) => {
      missing(`model ${id} template ${ord}`, template, TEMPLATE_KEYS)
      if (template.ord !== undefined && template.ord !== ord)
        problems.push(`model ${id} template ${ord} has ord ${template.ord}`)
    })
    if (!(model.sortf >= 0 && model.sortf < (model.flds?.length ?? 0)))
      problems.push(`model ${id} sorts by field ${model.sortf}`)
  }
  for (const [id, deck] of Object.entries(pkg.decks)) {
    missing(
      `deck ${id}`,
      deck,
      deck.dyn ? [...DECK_KEYS, 'resched', 'terms'] : [...DECK_KEYS, 'conf']
    )
    if (String(deck.id) !== id) problems.push(`deck ${id} says id ${deck.id}`)
  }
  if (!pkg.decks['1']) problems.push('there is no Default deck (id 1)')
  return problems
}

function rowProblems(pkg: AnkiPackage): string[] {
  const problems: string[] = []
  const notes = new Map(pkg.notes.map((note) => [String(note.id), note]))
  const cardIds = new Set(pkg.cards.map((card) => String(card.id)))
  for (const note of pkg.notes) {
    const model = pkg.models[String(note.mid)]
    if (!model) {
      problems.push(`note ${note.id} has no model ${note.mid}`)
      continue
    }
    const fields = String(note.flds).split('\x1f')
    if (fields.length !== model.flds.length)
      problems.push(`note ${note.id} has ${fields.length} fields, its model ${model.flds.length}`)
    /* sfld has integer affinity: SQLite stores a number's text as the number */
    const sortText = ankiStrippedText(fields[model.sortf] ?? '')
    if (
      String(note.sfld) !== sortText &&
      !(typeof note.sfld === 'number' && Number(sortText) === note.sfld)
    )
      problems.push(`note ${note.id}: sfld ${JSON.stringify(note.sfld)} is not Anki's`)
    if (Number(note.csum) !== ankiChecksum(fields[0] ?? ''))
      problems.push(`note ${note.id}: csum ${note.csum} is not Anki's`)
  }
  for (const card of pkg.cards) {
    const note = notes.get(String(card.nid))
    if (!note) problems.push(`card ${card.id} has no note ${card.nid}`)
    if (!pkg.decks[String(card.did)]) problems.push(`card ${card.id} has no deck ${card.did}`)
    const model = note && pkg.models[String(note.mid)]
    if (model && model.type === 0 && card.ord >= model.tmpls.length)
      problems.push(`card ${card.id} has ord ${card.ord} beyond its model's templates`)
    if (![-3, -2, -1, 0, 1, 2, 3, 4].includes(card.queue))
      problems.push(`card ${card.id} has queue ${card.queue}`)
    if (![0, 1, 2, 3].includes(card.type)) problems.push(`card ${card.id} has type ${card.type}`)
  }
  for (const answer of pkg.revlog)
    if (!cardIds.has(String(answer.cid)))
      problems.push(`revlog ${answer.id} has no card ${answer.cid}`)
  return problems
}

/** Reads and checks a legacy .apkg/.colpkg (collection.anki21 when present, else collection.anki2). */
export async function readAnkiTestPackage(path: string): Promise<AnkiPackage> {
  const entries = await readZip(path)
  const problems: string[] = []
  const collection = entries.get('collection.anki21') ?? entries.get('collection.anki2')
  if (!collection) throw new Error(`${path} holds no legacy collection`)
  const dir = await mkdtemp(join(tmpdir(), 'anki-test-reader-'))
  try {
    await writeFile(join(dir, 'c.db'), collection)
    const db = new DatabaseSync(join(dir, 'c.db'), { readOnly: true })
    try {
      problems.push(...schemaProblems(db))
      const all = (sql: string) => db.prepare(sql).all() as Row[]
      const cols = all('SELECT * FROM col')
      if (cols.length !== 1) problems.push(`col has ${cols.length} rows`)
      const col = cols[0] ?? {}
      if (col.ver !== 11) problems.push(`col.ver is ${col.ver}`)
      const pkg: AnkiPackage = {
        col,
        models: JSON.parse(col.models ?? '{}'),
        decks: JSON.parse(col.decks ?? '{}'),
        notes: all('SELECT * FROM notes ORDER BY id'),
        cards: all('SELECT * FROM cards ORDER BY id'),
        revlog: all('SELECT * FROM revlog ORDER BY id'),
        graves: all('SELECT * FROM graves'),
        media: new Map(),
        problems,
      }
      for (const key of ['conf', 'dconf']) JSON.parse(col[key] ?? '')
      const map = JSON.parse(entries.get('media')?.toString() ?? '{}') as Record<string, string>
      for (const [index, name] of Object.entries(map)) {
        const bytes = entries.get(index)
        if (!bytes) problems.push(`media ${index} (${name}) is not in the zip`)
        else pkg.media.set(name, bytes)
      }
      if (new Set(Object.values(map)).size !== Object.keys(map).length)
        problems.push('the media map names a file twice')
      problems.push(...jsonProblems(pkg), ...rowProblems(pkg))
      return pkg
    } finally {
      db.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
