import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** A note as a revision freezes it, before it has a library_notes row. */
export interface SnapshotNote {
  guid: string
  deck_path: string[]
  note_type_id: number
  fields: Record<string, string>
  field_attachments_map: Record<string, unknown>
  tags: string[]
  is_reversed: boolean
  sort_text: string
  search_text: string
  has_image: boolean
  has_audio: boolean
  cards_count: number
  /** the note's cards, as the clones will have them */
  card_ords: number[]
  position: number
}

type Comparable = Pick<
  SnapshotNote,
  'deck_path' | 'note_type_id' | 'fields' | 'field_attachments_map' | 'tags' | 'is_reversed'
>

/* key order must not make two equal notes differ (jsonb does not keep it) */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** What makes a note "the same" across revisions: its content and its place in the tree. */
export const contentKey = (note: Comparable) =>
  stable([
    note.deck_path,
    note.note_type_id,
    note.fields,
    note.field_attachments_map,
    note.tags,
    note.is_reversed,
  ])

/** Every deck of a root's tree with its path of names below the root ([] for the root). */
async function treePaths(rootId: number, trx: TransactionClientContract) {
  const decks: { id: number; parent_id: number | null; name: string }[] = await trx
    .from('decks')
    .where('root_deck_id', rootId)
    .orderBy('position')
    .orderBy('id')
    .select('id', 'parent_id', 'name')
  const byId = new Map(decks.map((deck) => [deck.id, deck]))
  const paths = new Map<number, string[]>()
  const pathOf = (id: number): string[] => {
    if (paths.has(id)) return paths.get(id)!
    const deck = byId.get(id)!
    const path =
      id === rootId || deck.parent_id === null || !byId.has(deck.parent_id)
        ? []
        : [...pathOf(deck.parent_id), deck.name]
    paths.set(id, path)
    return path
  }
  for (const deck of decks) pathOf(deck.id)
  return { decks, paths }
}

/** The notes of a whole tree as a revision holds them, in tree order, with their cards. */
export async function snapshotTree(
  rootId: number,
  trx: TransactionClientContract
): Promise<SnapshotNote[]> {
  const { decks, paths } = await treePaths(rootId, trx)
  const order = new Map(decks.map((deck, index) => [deck.id, index]))
  const rows = await trx
    .from('notes')
    .whereIn(
      'deck_id',
      decks.map((deck) => deck.id)
    )
    .select(
      'notes.*',
      trx.raw(
        'array(select c.ord from cards c where c.note_id = notes.id order by c.ord) as card_ords'
      )
    )
    .orderBy('id')
  rows.sort((a, b) => order.get(a.deck_id)! - order.get(b.deck_id)! || a.id - b.id)
  return rows.map((row, position) => ({
    guid: row.guid,
    deck_path: paths.get(row.deck_id) ?? [],
    note_type_id: row.note_type_id,
    fields: row.fields,
    field_attachments_map: row.field_attachments_map ?? {},
    tags: row.tags ?? [],
    is_reversed: row.is_reversed,
    sort_text: row.sort_text,
    search_text: row.search_text,
    has_image: row.has_image,
    has_audio: row.has_audio,
    cards_count: row.card_ords.length,
    card_ords: row.card_ords,
    position,
  }))
}

/** Created, updated and deleted notes of `next` against `base` (the last approved revision), by guid and content. */
export function changesBetween(
  base: Array<Comparable & { guid: string }>,
  next: Array<Comparable & { guid: string }>
) {
  const before = new Map(base.map((note) => [note.guid, contentKey(note)]))
  const after = new Set(next.map((note) => note.guid))
  let createdCount = 0
  let updatedCount = 0
  for (const note of next) {
    const key = before.get(note.guid)
    if (key === undefined) createdCount++
    else if (key !== contentKey(note)) updatedCount++
  }
  const deletedCount = base.filter((note) => !after.has(note.guid)).length
  return { createdCount, updatedCount, deletedCount }
}
