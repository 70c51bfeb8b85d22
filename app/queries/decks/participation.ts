import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import DeckCollaborator from '#models/deck_collaborator'

/** What a participant keeps of their own on a shared deck: where it sits in their list, and their daily limits. */
export type Placed = {
  id: number
  userId: number
  parentId: number | null
  rootDeckId: number | null
  folderId: number | null
  position: number
  newCardsPerDay: number | null
  maxCardsPerDay: number | null
}

/** The caller's active collaborator rows, by root deck id, on the shared roots among these decks. */
async function collaborationsOn(
  user: { id: number },
  rootIds: number[],
  client?: QueryClientContract
) {
  if (!rootIds.length) return new Map<number, DeckCollaborator>()
  const rows = await DeckCollaborator.query({ client })
    .where('user_id', user.id)
    .where('state', 'active')
    .whereIn('deck_id', [...new Set(rootIds)])
  return new Map(rows.map((row) => [row.deckId, row]))
}

/**
 * A shared deck as its participant has it: the root sits in their folder at
 * their position (their collaborator row), and every deck of the tree counts
 * with their daily limits where they set them (the owner's otherwise). The
 * owner's own decks are untouched, and cost no query: only decks of someone
 * else read the rows, in one statement. Decks are changed in place.
 */
export async function placeForParticipant<D extends Placed>(
  user: { id: number },
  decks: D[],
  client?: QueryClientContract
) {
  const shared = decks.filter((deck) => deck.userId !== user.id)
  if (!shared.length) return decks
  const rows = await collaborationsOn(
    user,
    shared.map((deck) => deck.rootDeckId ?? deck.id),
    client
  )
  for (const deck of shared) {
    const row = rows.get(deck.rootDeckId ?? deck.id)
    if (!row) continue
    if (deck.parentId === null) {
      shown(deck, 'folderId', row.folderId)
      shown(deck, 'position', row.position)
    }
    shown(deck, 'newCardsPerDay', row.newCardsPerDay ?? deck.newCardsPerDay)
    shown(deck, 'maxCardsPerDay', row.maxCardsPerDay ?? deck.maxCardsPerDay)
  }
  return decks
}

/* a value shown to the participant, never saved onto the owner's deck: a model keeps it out of its dirty fields */
function shown<D extends Placed, K extends keyof Placed>(deck: D, key: K, value: D[K]) {
  deck[key] = value
  const original = (deck as { $original?: Record<string, unknown> }).$original
  if (original) original[key] = value
}

/** placeForParticipant, then the list's order again (position, then id), as the lists read it. */
export async function placedInOrder<D extends Placed>(user: { id: number }, decks: D[]) {
  if (!decks.some((deck) => deck.userId !== user.id)) return decks
  await placeForParticipant(user, decks)
  return decks.sort((a, b) => a.position - b.position || a.id - b.id)
}

/** The root decks shared with this user whose rows sit in these folders: the folders' lists count them too. */
export async function sharedRootsIn(user: { id: number }, folderIds: number[]) {
  if (!folderIds.length) return []
  return db
    .from('deck_collaborators as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .where('c.user_id', user.id)
    .where('c.state', 'active')
    .whereNot('d.state', 'archived')
    .whereIn('c.folder_id', folderIds)
    .select('d.id', 'c.folder_id as folderId', 'c.position')
}
