import type Deck from '#models/deck'
import type User from '#models/user'
import DeckTransformer from '#transformers/deck_transformer'
import { listDecks, pollingDecks } from '#queries/decks/list_decks'
import { listedDecks } from '#queries/decks/listed_decks'
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
  let list: Promise<ReturnType<typeof DeckTransformer.listed>> | undefined
  const load = () => (list ??= listedDecks(user, archived).then((read) => DeckTransformer.listed(read)))
  return {
    decks: async () => load().then((read) => read.decks),
    folders: async () => load().then((read) => read.folders),
    numberOfArchivedDecks: async () => load().then((read) => read.numberOfArchivedDecks),
    polling: async () => DeckTransformer.pollingList(await pollingDecks(user)).decks,
    /* shared decks no longer available to this former participant, with why, until dismissed */
    unavailableDecks: async () => (archived ? [] : unavailableDecks(user)),
  }
}

/** The decks a picker offers (move cards, move a deck): no counts needed. */
export async function destinations(user: User) {
  const { decks } = DeckTransformer.list(await listDecks(user))
  return decks.map((deck) => DeckTransformer.forPicker(deck))
}

/** The decks of the same main deck, with counts: breadcrumbs and subdecks. */
export async function deckTree(user: User, deck: Deck) {
  const ids = await subtreeIds(deck.rootDeckId ?? deck.id)
  const list = DeckTransformer.list(await listDecks(user, { archived: deck.state === 'archived', deckIds: ids }))
  return { ...list, decks: DeckTransformer.forPageList(list.decks) }
}
