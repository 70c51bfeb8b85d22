import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck, { MAX_CARDS_PER_DECK } from '#models/deck'
import NoteType from '#models/note_type'
import type LibraryNote from '#models/library_note'
import { cardOrdinals } from '#note_types/cards'
import { createDeckRow } from '#actions/decks/deck_row'
import { nextPosition } from '#actions/decks/positions'
import { flattenedPath } from '#actions/decks/deck_depth'
import { cardsLimitReached } from '#actions/decks/card_limit'
import { insertRows } from '#actions/imports/insert_rows'
import { newGuid } from '#actions/notes/save_note'

const pathKey = (path: string[]) => JSON.stringify(path)

/**
 * A clone's tree by subdeck paths: finds the decks a library note's
 * `deck_path` names below the root, making the missing ones (a clone, or an
 * update that brings a new subdeck).
 */
export class CloneTree {
  private decks = new Map<string, Deck>()

  private constructor(
    private root: Deck,
    private trx: TransactionClientContract
  ) {}

  static async load(root: Deck, trx: TransactionClientContract) {
    const tree = new CloneTree(root, trx)
    const decks = await Deck.query({ client: trx })
      .where('root_deck_id', root.id)
      .orderBy('position')
      .orderBy('id')
    const byId = new Map(decks.map((deck) => [deck.id, deck]))
    const pathOf = (deck: Deck): string[] =>
      deck.id === root.id || !deck.parentId || !byId.has(deck.parentId)
        ? []
        : [...pathOf(byId.get(deck.parentId)!), deck.name]
    for (const deck of decks)
      if (!tree.decks.has(pathKey(pathOf(deck)))) tree.decks.set(pathKey(pathOf(deck)), deck)
    tree.decks.set(pathKey([]), root)
    return tree
  }

  async deckFor(libraryPath: string[]): Promise<Deck> {
    /* a published tree deeper than the limit (made before it) is cloned within it, as an import is */
    const { path } = flattenedPath(libraryPath)
    const found = this.decks.get(pathKey(path))
    if (found) return found
    const parent = await this.deckFor(path.slice(0, -1))
    const position = await nextPosition(this.trx, this.root.userId, {
      table: 'decks',
      parentId: parent.id,
    })
    const deck = await createDeckRow(
      {
        userId: this.root.userId,
        name: path[path.length - 1],
        position,
        parent,
        source: this.root.source,
      },
      this.trx
    )
    this.decks.set(pathKey(path), deck)
    return deck
  }
}

/**
 * The card ordinals of library notes: the author's, as the revision kept them; worked out by note type for
 * older revisions.
 */
export async function ordinalsOf(notes: LibraryNote[], trx: TransactionClientContract) {
  const noteTypes = await NoteType.query({ client: trx }).whereIn('id', [
    ...new Set(notes.map((note) => note.noteTypeId)),
  ])
  const types = new Map(noteTypes.map((type) => [type.id, type]))
  return (note: LibraryNote) => {
    if (note.cardOrds?.length) return note.cardOrds
    const type = types.get(note.noteTypeId)
    return type
      ? cardOrdinals(type.definition, note.fields, note.fieldAttachmentsMap, note.isReversed)
      : [0]
  }
}

/**
 * The note type each library note takes in the learner's account: a
 * built-in one as it is, the author's custom type as the learner's own copy
 * (the same one reused by later clones and updates), so the learner can edit
 * the notes.
 */
export async function noteTypesFor(
  ownerId: number,
  notes: LibraryNote[],
  trx: TransactionClientContract
) {
  const ids = [...new Set(notes.map((note) => note.noteTypeId))]
  const mapping = new Map<number, number>()
  for (const type of await NoteType.query({ client: trx }).whereIn('id', ids)) {
    if (type.userId === null || type.userId === ownerId) continue
    const same = await NoteType.query({ client: trx })
      .where('user_id', ownerId)
      .where('kind', type.kind)
      .where('name', type.name)
      .whereRaw('fields = ?::jsonb and templates = ?::jsonb', [
        JSON.stringify(type.fields),
        JSON.stringify(type.templates),
      ])
      .first()
    const own =
      same ??
      (await NoteType.create(
        {
          userId: ownerId,
          kind: type.kind,
          name: type.name,
          fields: type.fields,
          templates: type.templates,
          css: type.css,
        },
        { client: trx }
      ))
    mapping.set(type.id, own.id)
  }
  return (id: number) => mapping.get(id) ?? id
}

/** The note columns a library note sets (on a new note and on an updated one). */
export const contentColumns = (note: LibraryNote, typeOf: (id: number) => number) => ({
  note_type_id: typeOf(note.noteTypeId),
  fields: note.fields,
  field_attachments_map: note.fieldAttachmentsMap ?? {},
  tags: note.tags ?? [],
  is_reversed: note.isReversed,
  sort_text: note.sortText,
  search_text: note.searchText,
  has_image: note.hasImage,
  has_audio: note.hasAudio,
  library_note_id: note.id,
})

/**
 * Writes library notes as new notes of the owner's tree (new guids: a
 * learner may clone the same deck twice), with their cards, in a few
 * statements. Each deck stays within its card limit.
 */
export async function insertLibraryNotes(
  tree: CloneTree,
  ownerId: number,
  notes: LibraryNote[],
  trx: TransactionClientContract
) {
  if (!notes.length) return
  const ords = await ordinalsOf(notes, trx)
  const typeOf = await noteTypesFor(ownerId, notes, trx)
  const deckIds: number[] = []
  for (const note of notes) {
    const deck = await tree.deckFor(note.deckPath ?? [])
    deckIds.push(deck.id)
  }
  const now = new Date()
  const inserted = await insertRows<{ id: number }>(
    trx,
    'notes',
    notes.map((note, index) => ({
      user_id: ownerId,
      deck_id: deckIds[index],
      guid: newGuid(),
      ...contentColumns(note, typeOf),
      created_at: now,
      updated_at: now,
    })),
    ['id']
  )
  const cards = notes.flatMap((note, index) =>
    ords(note).map((ord) => ({
      note_id: inserted[index].id,
      deck_id: deckIds[index],
      ord,
      created_at: now,
    }))
  )
  await insertRows(trx, 'cards', cards)
  const perDeck = await trx
    .from('cards')
    .whereIn('deck_id', [...new Set(deckIds)])
    .groupBy('deck_id')
    .select('deck_id', trx.raw('count(*)::int as n'))
  if (perDeck.some((row) => row.n > MAX_CARDS_PER_DECK)) throw cardsLimitReached()
}
