import type { BundleNoteType, ImportBundle } from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { stockMapping, type SourceNoteType, type StockMapping } from '#importers/anki/stock'
import type { MediaReferences } from '#importers/anki/media'

/** A source note type with what it becomes: a built-in kind (its mapping) or a custom type. */
export interface ReadNoteType {
  source: SourceNoteType
  /** null: a custom type, its fields read in order */
  mapping: StockMapping | null
  bundle: BundleNoteType
  /** a type Mnemo exported for notes with its reversed card: that card's template (ord 100 again) */
  reversedOrd?: number
}

const REVERSED_SUFFIX = / \(and reversed card\)$/

/**
 * A type Mnemo made on export for notes with its reversed card (the model's
 * `mnemoReversedOf`): the type those notes had, its last template Mnemo's
 * reversed card.
 */
function reversedBase(source: SourceNoteType): SourceNoteType | null {
  const kind = source.mnemoReversedOf
  if (!kind || source.cloze || source.templates.length < 2) return null
  return {
    ...source,
    name: source.name.replace(REVERSED_SUFFIX, ''),
    templates: source.templates.slice(0, -1),
    /* the stock kind written was the type with the card's: the shape left says what it is */
    originalStockKind: 0,
    mnemoKind: kind,
    mnemoReversedOf: undefined,
  }
}

export function readNoteTypes(sources: Map<string, SourceNoteType>): Map<string, ReadNoteType> {
  const types = new Map<string, ReadNoteType>()
  for (const [id, source] of sources) {
    const base = reversedBase(source)
    const read = base ?? source
    const mapping = stockMapping(read)
    types.set(id, {
      source,
      mapping,
      bundle: bundleNoteType(read, mapping),
      ...(base ? { reversedOrd: source.templates.length - 1 } : {}),
    })
  }
  return types
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
    sortField: source.sortField ?? 0,
    ankiId: /^\d+$/.test(source.id) ? source.id : null,
    ankiModel: source.extras ?? null,
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

/**
 * The note types the bundle carries: a deck package only those its notes
 * use (`usedTypes`: the types of the notes that have cards), a whole
 * collection all. A custom type's templates and style may use
 * files too (fonts, scripts: Anki's "_" files), so they count as references.
 */
export function keptNoteTypes(
  types: Map<string, ReadNoteType>,
  usedTypes: Set<string>,
  format: ImportBundle['format'],
  references: MediaReferences
): BundleNoteType[] {
  const kept = [...types.values()]
    .map((type) => type.bundle)
    .filter((type) => format === 'colpkg' || usedTypes.has(type.key))
  for (const type of kept) {
    if (type.kind !== 'custom') continue
    for (const template of type.templates) references.add(`${template.front}\n${template.back}`)
    references.add(type.css)
  }
  return kept
}
