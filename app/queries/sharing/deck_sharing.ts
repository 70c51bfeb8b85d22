import type Deck from '#models/deck'
import type User from '#models/user'
import { listCollaborators } from '#queries/sharing/collaborators'
import { collaborationOf } from '#queries/sharing/collaboration'
import { sharingLinkFor } from '#actions/sharing/sharing_link'
import SharingTransformer from '#transformers/sharing_transformer'
import EmbedTransformer from '#transformers/embed_transformer'
import { SHARING_PAGE_MAX } from '#validators/sharing'

/**
 * The deck page's Sharing dialog: sharing of the deck's tree as the caller
 * sees it (the link for the owner only) and its participants, owner first
 * (the spec's limit: one page of 100).
 */
export async function deckSharing(user: User, deck: Deck) {
  const [collaboration, list] = await Promise.all([
    collaborationOf(user, [deck]),
    listCollaborators(user, deck.id, 0, SHARING_PAGE_MAX),
  ])
  const mine = collaboration.get(deck.rootDeckId ?? deck.id)!
  const link = mine.sharingToken ? sharingLinkFor(mine.sharingToken) : null
  return {
    rootDeckId: list.deck.id,
    enabled: mine.sharingEnabled,
    link,
    /* the <iframe> for other sites (the embed page needs sharing on), served from where the link points */
    embed: link && mine.role === 'owner' ? EmbedTransformer.snippet(new URL(link).origin, list.deck) : null,
    role: mine.role,
    ...SharingTransformer.list(list),
  }
}

export type DeckSharing = Awaited<ReturnType<typeof deckSharing>>
