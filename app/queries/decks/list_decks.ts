import db from '@adonisjs/lucid/services/db'
import Deck, { PROCESSING_STATES } from '#models/deck'
import Folder from '#models/folder'
import NoteType from '#models/note_type'
import User from '#models/user'
import { deckCounters } from '#queries/decks/deck_counters'
import { collaborationOf } from '#queries/sharing/collaboration'
import { loadPublishing } from '#queries/publishing/deck_publishing'
import { loadTemplateIds } from '#queries/decks/deck_templates'
import { placeForParticipant, placedInOrder } from '#queries/decks/participation'
import { unavailableDecks } from '#queries/decks/deck_unavailable'
import { mapInSlices } from '#services/in_slices'

export interface DeckListFilters {
  archived?: boolean
  deckIds?: number[]
  folderId?: number
}

/**
 * What the deck list shows (DeckListTransformer: the spec's decks,
 * hierarchy, templates, numberOfArchivedDecks, plus the folders), in a fixed
 * number of queries however many decks there are: the decks of the list
 * (archived or not) with their counts, those the filters select, the
 * folders and the note types.
 */
export async function listDecks(user: User, filters: DeckListFilters = {}) {
  const archived = filters.archived ?? false
  const read = async () => {
    /* a shared deck sits where its participant put it, with their limits */
    const rows = await Deck.query()
      .withScopes((s) => s.accessibleBy(user))
      .orderBy('position')
      .orderBy('id')
      .pojo<Record<string, unknown>>()
    /* made into models a slice at a time: about 0.15 ms each, a thousand held every other request for 150 ms */
    const all = await placedInOrder(
      user,
      await mapInSlices(rows, (row) => Deck.$createFromAdapterResult(row)!)
    )
    const visible = all.filter((deck) => (deck.state === 'archived') === archived)
    const [counts, collaboration] = await Promise.all([
      deckCounters(user, visible),
      collaborationOf(user, visible),
    ])
    return { all, visible, counts, collaboration }
  }
  /* the decks and their counts, the folders and the note types side by side */
  const [{ all, visible, counts, collaboration }, folders, noteTypes, unavailable] =
    await Promise.all([
      read(),
      Folder.query().where('user_id', user.id).orderBy('position').orderBy('id'),
      /* the learner's types, and those of the owners of shared decks they take part in (an editor writes with them) */
      NoteType.query()
        .whereNull('user_id')
        .orWhere('user_id', user.id)
        .orWhereIn(
          'user_id',
          db
            .from('deck_collaborators as c')
            .join('decks as d', 'd.id', 'c.deck_id')
            .where('c.user_id', user.id)
            .where('c.state', 'active')
            .select('d.user_id')
        )
        .orderBy('id'),
      /* shared decks no longer available to a former participant, shown with why until dismissed */
      archived ? Promise.resolve([]) : unavailableDecks(user),
    ])

  let selected = visible
  if (filters.folderId) {
    const roots = new Set(
      visible
        .filter((deck) => deck.isRootDeck && deck.folderId === filters.folderId)
        .map((deck) => deck.id)
    )
    selected = selected.filter((deck) => roots.has(deck.rootDeckId ?? deck.id))
  }
  if (filters.deckIds) selected = selected.filter((deck) => filters.deckIds!.includes(deck.id))

  await Promise.all([loadPublishing(visible), loadTemplateIds(visible)])
  const numberOfArchivedDecks = all.filter(
    (deck) => deck.state === 'archived' && deck.isRootDeck
  ).length
  /* the owners of the shared decks among them (one read; none when every deck is the caller's) */
  const others = [...new Set(visible.map((deck) => deck.userId).filter((id) => id !== user.id))]
  const owners = new Map(
    (others.length ? await User.query().whereIn('id', others) : []).map((owner) => [
      owner.id,
      owner,
    ])
  )
  return {
    owner: user,
    viewer: user,
    owners,
    visible,
    selected,
    counts,
    collaboration,
    folders,
    noteTypes,
    numberOfArchivedDecks,
    unavailable,
  }
}

export type DeckList = Awaited<ReturnType<typeof listDecks>>

/** GET decks/polling: decks a job is working on, and those whose job failed. */
export async function pollingDecks(user: User) {
  return Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .whereIn('state', [...PROCESSING_STATES, 'processing_failed'])
    .orderBy('id')
}

/** One deck with its counts (subdecks included), its subdecks and its owner: what DeckTransformer nests. */
export async function showDeck(user: User, deck: Deck) {
  const tree = await Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .where('root_deck_id', deck.rootDeckId ?? deck.id)
    .orderBy('position')
    .orderBy('id')
  await placeForParticipant(user, [deck, ...tree])
  const [counts, collaboration] = await Promise.all([
    deckCounters(user, tree),
    collaborationOf(user, [deck]),
  ])
  const owner = deck.userId === user.id ? user : await deck.related('owner').query().firstOrFail()
  /* the deck as the caller has it in hand (a save just made), its subdecks as stored */
  const rows = [deck, ...tree.filter((row) => row.id !== deck.id)]
  await Promise.all([loadPublishing([deck]), loadTemplateIds(rows)])
  return { deck, rows, counts, owner, viewer: user, collaboration }
}

/**
 * Every deck this learner may see that is not archived, by position: the light list and the statistics' deck
 * picker.
 */
export async function activeDecks(user: User) {
  return placedInOrder(
    user,
    await Deck.query()
      .withScopes((s) => s.accessibleBy(user))
      .whereNot('state', 'archived')
      .orderBy('position')
      .orderBy('id')
  )
}
