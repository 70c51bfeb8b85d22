import Deck from '#models/deck'
import Folder from '#models/folder'
import type User from '#models/user'
import { deckCounters } from '#queries/decks/deck_counters'
import { placedInOrder } from '#queries/decks/participation'

/*
 * The deck list as the pages show it (home, archived decks): only the
 * columns the list and its counters read, as plain rows (a model per deck
 * costs more than the rest of the list), their counts and the folders, in a
 * fixed number of statements however many decks there are: the decks, then
 * the counters' three and the folders side by side.
 */

/* the deck list's columns, named as the model names them */
const COLUMNS = [
  'id',
  'user_id as userId',
  'name',
  'position',
  'state',
  'source',
  'parent_id as parentId',
  'root_deck_id as rootDeckId',
  'folder_id as folderId',
  'algorithm_preset as algorithmPreset',
  'algorithm_type as algorithmType',
  'algorithm_settings as algorithmSettings',
  'new_cards_per_day as newCardsPerDay',
  'max_cards_per_day as maxCardsPerDay',
  'archived_at as archivedAt',
  'exam_date as examDate',
  'exam_new_cards_ceiling as examNewCardsCeiling',
]

/** A deck as the list reads it. */
export type ListedRow = Pick<
  Deck,
  | 'id'
  | 'userId'
  | 'name'
  | 'position'
  | 'state'
  | 'source'
  | 'parentId'
  | 'rootDeckId'
  | 'folderId'
  | 'algorithmPreset'
  | 'algorithmType'
  | 'algorithmSettings'
  | 'newCardsPerDay'
  | 'maxCardsPerDay'
  | 'examDate'
  | 'examNewCardsCeiling'
> & { archivedAt: Date | null }

/**
 * The decks of the list (archived or not) with their counts, the folders with their main decks, and the number
 * of archived main decks.
 */
export async function listedDecks(user: User, archived = false) {
  const read = async () => {
    const rows = await Deck.query()
      .withScopes((s) => s.accessibleBy(user))
      .select(COLUMNS)
      .orderBy('position')
      .orderBy('id')
      .pojo<ListedRow>()
    /* a shared deck sits where its participant put it, with their limits */
    const all = await placedInOrder(user, rows)
    const decks = all.filter((deck) => (deck.state === 'archived') === archived)
    const numberOfArchivedDecks = all.filter(
      (deck) => deck.state === 'archived' && deck.parentId === null
    ).length
    return { decks, numberOfArchivedDecks, counts: await deckCounters(user, decks) }
  }
  const [list, folders] = await Promise.all([
    read(),
    Folder.query().where('user_id', user.id).orderBy('position').orderBy('id'),
  ])
  const roots = new Map<number, number[]>(folders.map((folder) => [folder.id, []]))
  for (const deck of list.decks)
    if (deck.parentId === null && deck.folderId !== null) roots.get(deck.folderId)?.push(deck.id)
  return { ...list, folders, roots }
}

export type ListedDecks = Awaited<ReturnType<typeof listedDecks>>
