import Deck, { PROCESSING_STATES } from '#models/deck'
import Folder from '#models/folder'
import NoteType from '#models/note_type'
import type User from '#models/user'
import DeckTransformer from '#transformers/deck_transformer'
import FolderTransformer from '#transformers/folder_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import { deckCounters } from '#queries/decks/deck_counters'
import { hierarchyOf } from '#queries/decks/deck_tree'

export interface DeckListFilters {
  archived?: boolean
  deckIds?: number[]
  folderId?: number
}

/**
 * The deck list (spec: decks, hierarchy, templates, numberOfArchivedDecks)
 * plus the folders, in a fixed number of queries however many decks there are.
 */
export async function listDecks(user: User, filters: DeckListFilters = {}) {
  const all = await Deck.query().withScopes((s) => s.accessibleBy(user)).orderBy('position').orderBy('id')
  const archived = filters.archived ?? false
  const visible = all.filter((deck) => (deck.state === 'archived') === archived)
  const counts = await deckCounters(user, visible)
  const nested = DeckTransformer.nested(visible, (deck) => DeckTransformer.fields(deck, counts.get(deck.id), user))

  let selected = visible
  if (filters.folderId) {
    const roots = new Set(visible.filter((deck) => deck.isRootDeck && deck.folderId === filters.folderId).map((deck) => deck.id))
    selected = selected.filter((deck) => roots.has(deck.rootDeckId ?? deck.id))
  }
  if (filters.deckIds) selected = selected.filter((deck) => filters.deckIds!.includes(deck.id))

  const [folders, noteTypes] = await Promise.all([
    Folder.query().where('user_id', user.id).orderBy('position').orderBy('id'),
    NoteType.query().whereNull('user_id').orWhere('user_id', user.id).orderBy('id'),
  ])
  return {
    decks: selected.map((deck) => nested.get(deck.id)!),
    hierarchy: hierarchyOf(selected),
    templates: noteTypes.map((noteType) => NoteTypeTransformer.forApi(noteType)),
    numberOfArchivedDecks: all.filter((deck) => deck.state === 'archived' && deck.isRootDeck).length,
    folders: folders.map((folder) =>
      FolderTransformer.forApi(folder, visible.filter((deck) => deck.isRootDeck && deck.folderId === folder.id).map((deck) => deck.id))
    ),
  }
}

/** GET decks/polling: decks a job is working on, and those whose job failed. */
export async function pollingDecks(user: User) {
  const decks = await Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .whereIn('state', [...PROCESSING_STATES, 'processing_failed'])
    .orderBy('id')
  return decks.map((deck) => DeckTransformer.forPolling(deck))
}

/** One deck in the spec's shape, with its counts (subdecks included) and its subdecks nested. */
export async function showDeck(user: User, deck: Deck) {
  const tree = await Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .where('root_deck_id', deck.rootDeckId ?? deck.id)
    .orderBy('position')
    .orderBy('id')
  const counts = await deckCounters(user, tree)
  const owner = deck.userId === user.id ? user : await deck.related('owner').query().firstOrFail()
  /* the deck as the caller has it in hand (a save just made), its subdecks as stored */
  const rows = [deck, ...tree.filter((row) => row.id !== deck.id)]
  return DeckTransformer.nested(rows, (row) => DeckTransformer.fields(row, counts.get(row.id), owner)).get(deck.id)!
}

/** Every deck this learner may see that is not archived, by position: the light list and the statistics' deck picker. */
export async function activeDecks(user: User) {
  return Deck.query().withScopes((s) => s.accessibleBy(user)).whereNot('state', 'archived').orderBy('position').orderBy('id')
}
