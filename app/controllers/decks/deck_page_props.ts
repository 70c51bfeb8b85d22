import type Deck from '#models/deck'
import type User from '#models/user'
import DeckTransformer from '#transformers/deck_transformer'
import DeckJobTransformer from '#transformers/deck_job_transformer'
import FolderTransformer from '#transformers/folder_transformer'
import UnavailableDeckTransformer from '#transformers/unavailable_deck_transformer'
import { listDecks, pollingDecks } from '#queries/decks/list_decks'
import { listedDecks, type ListedDecks } from '#queries/decks/listed_decks'
import { subtreeIds } from '#queries/decks/deck_tree'
import { unavailableDecks } from '#queries/decks/deck_unavailable'

/*
 * The deck pages' props (home, archived decks, a deck's page, the pickers
 * of the browser and the study page): the lists read through listedDecks, a
 * deck's page through listDecks, each shaped by DeckTransformer. Door code,
 * shared by the controllers that render those pages.
 */

/**
 * The deck list as lazy props (subdecks hang from `parentId`, siblings by
 * `position`), read once per request: the 3 s poll reloads only `polling`,
 * and a finished job only the list.
 */
export function deckListProps(user: User, archived = false) {
  let list: Promise<ListedDecks> | undefined
  const load = () => (list ??= listedDecks(user, archived))
  return {
    decks: async () => {
      const { decks, counts } = await load()
      return DeckTransformer.transform(decks, { counts, rows: decks }).useVariant('forList')
    },
    folders: async () => {
      const { folders, roots } = await load()
      return FolderTransformer.transform(folders, roots)
    },
    numberOfArchivedDecks: async () => load().then((read) => read.numberOfArchivedDecks),
    polling: async () => DeckJobTransformer.transform(await pollingDecks(user)),
    /* shared decks no longer available to this former participant, with why, until dismissed */
    unavailableDecks: async () =>
      UnavailableDeckTransformer.transform(archived ? [] : await unavailableDecks(user)),
  }
}

/** The decks a picker offers (move cards, move a deck): no counts needed. */
export async function destinations(user: User) {
  const list = await listDecks(user)
  return DeckTransformer.transform(list.selected, list).useVariant('forPicker')
}

/** The decks of the same main deck, with counts: breadcrumbs and subdecks; and the note types. */
export async function deckTree(user: User, deck: Deck) {
  const ids = await subtreeIds(deck.rootDeckId ?? deck.id)
  return listDecks(user, { archived: deck.state === 'archived', deckIds: ids })
}
