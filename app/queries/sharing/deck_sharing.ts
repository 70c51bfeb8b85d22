import type Deck from '#models/deck'
import type User from '#models/user'
import { listCollaborators } from '#queries/sharing/collaborators'
import { collaborationOf } from '#queries/sharing/collaboration'
import { SHARING_PAGE_MAX } from '#validators/sharing'

/**
 * What the deck page's Sharing dialog reads: the caller's collaboration on
 * the deck's tree and its participants, owner first (the spec's limit: one
 * page of 100). DeckSharingTransformer shapes it.
 */
export async function deckSharing(user: User, deck: Deck) {
  const [collaboration, list] = await Promise.all([
    collaborationOf(user, [deck]),
    listCollaborators(user, deck.id, 0, SHARING_PAGE_MAX),
  ])
  return { mine: collaboration.get(deck.rootDeckId ?? deck.id)!, list }
}

export type DeckSharingView = Awaited<ReturnType<typeof deckSharing>>
