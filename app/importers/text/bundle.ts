import { randomBytes } from 'node:crypto'
import { ImportError } from '#importers/bundle'
import type {
  BundleCard,
  BundleDeck,
  BundleNote,
  BundleNoteType,
  ImportBundle,
} from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { cardOrdinals } from '#note_types/cards'
import type { BuiltinNoteTypeKind } from '#note_types/types'
import { resolveNoteType } from '#importers/text/note_types'
import type {
  ParsedText,
  TextHeader,
  TextProblem,
  TextProblemReason,
  TextRow,
} from '#importers/text/parse_text'

/*
 * Parsed text rows as a bundle: one note of a built-in type per row (Basic
 * unless a Notetype column or `#notetype:` names another), decks from the
 * Deck column or `#deck:` ("A::B" makes subdecks), the options' deck
 * otherwise, a fresh Anki-shaped guid unless a GUID column gives one.
 */

const GUID_CHARS =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~'

/* random bytes drawn in blocks: one crypto call per guid is the slow part of a large import */
let pool = Buffer.alloc(0)
let poolAt = 0

/* the shape of Anki's guids (10 base-91 characters), so an export to Anki keeps them */
function randomGuid(): string {
  let guid = ''
  while (guid.length < 10) {
    if (poolAt >= pool.length) {
      pool = randomBytes(4096)
      poolAt = 0
    }
    const byte = pool[poolAt++]
    /* 182 = 2 × 91: bytes above it are skipped so every character is equally likely */
    if (byte < 182) guid += GUID_CHARS[byte % 91]
  }
  return guid
}

const PROBLEM_TEXT: Record<TextProblemReason, string> = {
  no_front: 'no front',
  no_back: 'no back (no separator between front and back?)',
  too_many_fields: 'more fields than the other cards (a separator inside a field? quote it)',
  unbalanced_quote: 'a quote that is never closed',
}

/** Decks by "::" path, each level a deck of its own, keys in order of first use. */
function deckRegistry(fallbackName: string) {
  const decks: BundleDeck[] = []
  const deckKeys = new Map<string, string>()
  const byPath = new Map<string, string>()
  const keyOf = (path: string): string => {
    const known = byPath.get(path)
    if (known) return known
    const names = path
      .split('::')
      .map((name) => name.trim())
      .filter(Boolean)
    if (!names.length) names.push(fallbackName)
    let parentKey: string | null = null
    for (let depth = 1; depth <= names.length; depth++) {
      const joined = names.slice(0, depth).join('::')
      let key = deckKeys.get(joined)
      if (!key) {
        key = `deck${deckKeys.size + 1}`
        deckKeys.set(joined, key)
        decks.push({ key, name: names[depth - 1], parentKey })
      }
      parentKey = key
    }
    byPath.set(path, parentKey!)
    return parentKey!
  }
  return { decks, keyOf }
}

/** The built-in note types the rows use, each made once. */
function noteTypeRegistry() {
  const noteTypes = new Map<BuiltinNoteTypeKind, BundleNoteType>()
  const typeOf = (kind: BuiltinNoteTypeKind) => {
    let type = noteTypes.get(kind)
    if (!type) {
      const def = BUILTIN_NOTE_TYPES[kind]
      type = {
        key: kind,
        name: def.name,
        kind,
        fields: def.fields.map((field) => field.name),
        templates: def.templates.map((template) => ({ ...template })),
        css: def.css,
        isCloze: def.isCloze,
      }
      noteTypes.set(kind, type)
    }
    return type
  }
  return { noteTypes, typeOf }
}

export type Warning = ImportBundle['warnings'][number]

/** Guids from a GUID column, each used once: a second row with the same one gets a fresh guid, with a warning. */
function guidGiver(warnings: Warning[]) {
  const guidLines = new Map<string, number>()
  return (row: TextRow): string => {
    if (!row.guid) return randomGuid()
    const first = guidLines.get(row.guid)
    if (first === undefined) {
      guidLines.set(row.guid, row.line)
      return row.guid
    }
    warnings.push({
      line: row.line,
      message: `line ${row.line}: same GUID as line ${first}, imported as a separate note`,
    })
    return randomGuid()
  }
}

/**
 * Rows to notes, one at a time (textToBundle, and the streaming reader's
 * passes: read_text.ts): the decks and note types they use, made once, and
 * what the learner is told about rows left out or changed.
 */
export function textNoteMaker(header: TextHeader, deckName: string, warnings: Warning[]) {
  const decks = deckRegistry(deckName)
  const defaultDeck = header.deck || deckName
  const types = noteTypeRegistry()
  const guidOf = guidGiver(warnings)
  const unknownTypes = new Set<string>()
  let notes = 0
  let cards = 0
  return {
    decks: decks.decks,
    noteTypes: () => [...types.noteTypes.values()],
    /** the row's note and cards, or null (a warning says why) */
    add(row: TextRow): { note: BundleNote; cards: BundleCard[] } | null {
      const typeName = row.notetype ?? header.notetype
      const resolved = resolveNoteType(typeName)
      const def = BUILTIN_NOTE_TYPES[resolved.kind]
      const [frontField, backField] = def.fields.map((field) => field.name)
      const fields = {
        [frontField]: row.front,
        [backField]: [row.back, ...row.extra].filter(Boolean).join('<br>'),
      }
      /* HTML that shows nothing ("<br>", an empty <div>) makes no card: a note without one is left out */
      const ords = cardOrdinals(def, fields)
      if (!ords.length) {
        warnings.push({ line: row.line, message: `line ${row.line}: ${PROBLEM_TEXT.no_front}` })
        return null
      }
      if (!resolved.known && typeName && !unknownTypes.has(typeName)) {
        unknownTypes.add(typeName)
        warnings.push({
          line: row.line,
          message: `line ${row.line}: note type "${typeName}" imported as Basic`,
        })
      }
      const guid = guidOf(row)
      const note: BundleNote = {
        key: `note${++notes}`,
        guid,
        noteTypeKey: types.typeOf(resolved.kind).key,
        deckKey: decks.keyOf(row.deck || defaultDeck),
        fields,
        tags: row.tags,
      }
      return {
        note,
        cards: ords.map((ord) => ({
          key: `card${++cards}`,
          noteKey: note.key,
          ord,
          deckKey: note.deckKey,
          progress: null,
        })),
      }
    },
  }
}

/** The learner's message for each problem row, by line. */
export function problemWarnings(problems: TextProblem[]): Warning[] {
  return problems.map((problem) => ({
    line: problem.line,
    message: `line ${problem.line}: ${PROBLEM_TEXT[problem.reason]}`,
  }))
}

export function textToBundle(
  parsed: ParsedText,
  options: { deckName: string; format: 'csv' | 'text'; decodeWarning?: string | null }
): ImportBundle {
  if (!parsed.rows.length && !parsed.problems.length)
    throw new ImportError('import_empty', 'The file holds no cards')
  const warnings: Warning[] = []
  if (options.decodeWarning) warnings.push({ message: options.decodeWarning })
  warnings.push(...problemWarnings(parsed.problems))
  const maker = textNoteMaker(parsed.header, options.deckName, warnings)
  const notes: BundleNote[] = []
  const cards: BundleCard[] = []
  for (const row of parsed.rows) {
    const made = maker.add(row)
    if (!made) continue
    notes.push(made.note)
    cards.push(...made.cards)
  }
  if (!notes.length)
    throw new ImportError(
      'import_no_notes',
      `No card could be read: ${warnings.map((w) => w.message).join('; ')}`
    )
  return {
    format: options.format,
    noteTypes: maker.noteTypes(),
    decks: maker.decks,
    notes,
    cards,
    reviews: [],
    media: [],
    warnings,
  }
}
