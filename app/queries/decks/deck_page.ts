import type Deck from '#models/deck'
import type User from '#models/user'
import DeckTransformer from '#transformers/deck_transformer'
import { listDecks, pollingDecks } from '#queries/decks/list_decks'
import { listedDecks } from '#queries/decks/listed_decks'
import { subtreeIds } from '#queries/decks/deck_tree'
import { unavailableDecks } from '#queries/decks/deck_unavailable'
import { findDeck } from '#queries/decks/find_deck'
import { placeForParticipant } from '#queries/decks/participation'
import { inheritedLimits } from '#queries/learning/study_context'

/*
 * The deck pages' props (home, archived decks, a deck's page): the lists
 * read through listedDecks, a deck's page through listDecks, each shaped by
 * DeckTransformer.
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
    decks: () => load().then((listed) => listed.decks),
    folders: () => load().then((listed) => listed.folders),
    numberOfArchivedDecks: () => load().then((listed) => listed.numberOfArchivedDecks),
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

/** The settings tab's daily limits where the deck sets none: its main deck's (a participant's own where they set them) or its preset's. */
export async function deckLimitDefaults(user: User, deck: Deck) {
  if (!deck.rootDeckId || deck.rootDeckId === deck.id) return inheritedLimits(deck, deck)
  const root = await findDeck(user, deck.rootDeckId)
  await placeForParticipant(user, [root])
  return inheritedLimits(deck, root)
}
