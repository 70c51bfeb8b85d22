import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { REVERSED_ORD_OFFSET, isReversible } from '#note_types/cards'
import type {
  AnkiModelExtras,
  CardTemplate,
  NoteTypeDefinition,
  NoteTypeKind,
} from '#note_types/types'
import type { BundleNoteType } from '#importers/bundle'
import type { DeckSnapshot, NoteRow } from '#exporters/deck_bundle/snapshot'

/**
 * The bundle note types of a deck's notes, made as notes ask for them: a
 * note with the product's reversed card gets a type with that card as a
 * template of its own (see deck_bundle.ts), and reversedOrd says which.
 */
export function noteTypeRegistry(snapshot: DeckSnapshot) {
  const noteTypes = new Map<string, BundleNoteType>()
  const typeRows = new Map(snapshot.noteTypes.map((row) => [row.id, row]))
  const typeOf = (note: NoteRow) => {
    const row = typeRows.get(note.note_type_id)!
    const def = definitionOf(row)
    const reversed = note.is_reversed && def.kind !== 'reversed' && isReversible(def)
    const key = reversed ? `${row.id}+reversed` : String(row.id)
    if (!noteTypes.has(key))
      noteTypes.set(
        key,
        reversed ? withReversedCard(key, def) : { ...bundleType(key, def), ...ankiOf(row) }
      )
    const reversedOrd = reversed ? noteTypes.get(key)!.templates.length - 1 : null
    return { key, reversedOrd }
  }
  return { noteTypes, typeOf }
}

/* what an imported type keeps of Anki's (migration 0040): written back by the Anki writer */
function ankiOf(row: {
  kind: NoteTypeKind
  anki_id?: string | number | null
  sort_field?: number | null
  anki_model?: AnkiModelExtras | null
}): Partial<BundleNoteType> {
  if (row.kind !== 'custom') return {}
  return {
    ankiId: row.anki_id === null || row.anki_id === undefined ? null : String(row.anki_id),
    sortField: row.sort_field ?? 0,
    ankiModel: row.anki_model ?? null,
  }
}

function definitionOf(row: {
  kind: NoteTypeKind
  name: string
  fields: any
  templates: any
  css: string
}): NoteTypeDefinition {
  if (row.kind !== 'custom') return BUILTIN_NOTE_TYPES[row.kind]
  const templates: CardTemplate[] = row.templates ?? []
  const isCloze = templates.some((template) => /\{\{[^}]*cloze:/.test(template.front))
  return {
    kind: 'custom',
    name: row.name,
    fields: row.fields ?? [],
    templates,
    css: row.css ?? '',
    isCloze,
  }
}

function bundleType(key: string, def: NoteTypeDefinition): BundleNoteType {
  return {
    key,
    name: def.name,
    kind: def.kind,
    fields: def.fields.map((field) => field.name),
    templates: def.templates
      .slice(0, REVERSED_ORD_OFFSET)
      .map(({ name, front, back }) => ({ name, front, back })),
    css: def.css,
    isCloze: def.isCloze,
  }
}

/** The type of a note with the product's reversed card: its templates plus that card (see the top). */
function withReversedCard(key: string, def: NoteTypeDefinition): BundleNoteType {
  if (def.kind === 'basic')
    return { ...bundleType(key, BUILTIN_NOTE_TYPES.reversed), reversedOf: 'basic' }
  const base = bundleType(key, def)
  const [first, second] = base.fields
  /*
   * the product's reversed card (app/note_types/cards.ts): built-ins ask the second field; custom types swap
   * the first two
   */
  const reversed =
    def.kind !== 'custom'
      ? {
          name: 'Reversed',
          front: `{{${second}}}`,
          back: `{{FrontSide}}\n\n<hr id=answer>\n\n{{${first}}}`,
        }
      : {
          name: 'Reversed',
          front: swapFields(base.templates[0].front, first, second),
          back: swapFields(base.templates[0].back, first, second),
        }
  return {
    ...base,
    name: `${def.name} (and reversed card)`,
    kind: 'custom',
    templates: [...base.templates, reversed],
    reversedOf: def.kind,
  }
}

/* {{A}} ↔ {{B}} in every tag form ({{#A}}, {{/A}}, {{type:A}}, …) */
function swapFields(template: string, first: string, second: string) {
  return template.replace(/\{\{([#^/]?)([^}]*?)\}\}/g, (whole, sigil: string, body: string) => {
    const parts = body.split(':')
    const name = parts.pop()!.trim()
    const other = name === first ? second : name === second ? first : null
    return other === null ? whole : `{{${sigil}${[...parts, other].join(':')}}}`
  })
}
