import type { HttpContext } from '@adonisjs/core/http'
import type Deck from '#models/deck'
import type { DeckState } from '#models/deck'
import type User from '#models/user'
import DeckTransformer from '#transformers/deck_transformer'
import { listDecks, pollingDecks } from '#queries/decks/list_decks'
import { subtreeIds } from '#queries/decks/deck_tree'

/** A job as it started: the page follows it even when it ends before the first poll. */
export type StartedJob = ReturnType<typeof DeckTransformer.forPolling> & { reverse?: boolean }

const STARTED = 'deckJobStarted'

export function flashStartedJob(session: HttpContext['session'], deck: Deck, state: DeckState, reverse?: boolean) {
  const job: StartedJob = { ...DeckTransformer.forPolling(deck), state, reverse }
  session.flash(STARTED, job)
}

export function startedJobs(session: HttpContext['session']): StartedJob[] {
  const job = session.flashMessages.get(STARTED) as StartedJob | undefined
  return job ? [job] : []
}

/**
 * The deck list as lazy props (subdecks hang from `parentId`, siblings by `position`), computed once per request: the 3 s poll
 * reloads only `polling`, and a finished job only the list.
 */
export function deckListProps(user: User, archived = false) {
  let list: ReturnType<typeof listDecks> | undefined
  const load = () => (list ??= listDecks(user, { archived }))
  return {
    decks: async () => (await load()).decks.map(DeckTransformer.forPage),
    folders: async () => (await load()).folders,
    numberOfArchivedDecks: async () => (await load()).numberOfArchivedDecks,
    polling: () => pollingDecks(user),
  }
}

/** The decks a picker offers (move cards, move a deck): no counts needed. */
export async function destinations(user: User) {
  const { decks } = await listDecks(user)
  return decks.map(({ id, name, parentId, isRootDeck, folderId, algorithmPreset, algorithmType, state, position }) => ({
    id, name, parentId, isRootDeck, folderId, algorithmPreset, algorithmType, state, position,
  }))
}

/** The decks of the same main deck, with counts: breadcrumbs and subdecks. */
export async function deckTree(user: User, deck: Deck) {
  const ids = await subtreeIds(deck.rootDeckId ?? deck.id)
  const list = await listDecks(user, { archived: deck.state === 'archived', deckIds: ids })
  return { ...list, decks: list.decks.map(DeckTransformer.forPage) }
}
