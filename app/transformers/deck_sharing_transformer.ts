import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DeckSharingView } from '#queries/sharing/deck_sharing'
import { sharingLinkFor } from '#services/urls/sharing_link'
import CollaboratorTransformer from '#transformers/collaborator_transformer'
import EmbedTransformer from '#transformers/embed_transformer'
import { collaboratorsOf } from '#transformers/sharing_transformer'

/**
 * The deck page's Sharing dialog: sharing of the deck's tree as the caller
 * sees it (the link for the owner only) and its participants.
 */
export default class DeckSharingTransformer extends BaseTransformer<DeckSharingView> {
  toObject() {
    const { mine, list } = this.resource
    const link = mine.sharingToken ? sharingLinkFor(mine.sharingToken) : null
    return {
      rootDeckId: list.deck.id,
      enabled: mine.sharingEnabled,
      link,
      /* the <iframe> for other sites (the embed page needs sharing on), served from where the link points */
      embed:
        link && mine.role === 'owner'
          ? EmbedTransformer.transform(list.deck, new URL(link).origin)
          : null,
      role: mine.role,
      deckCollaborators: CollaboratorTransformer.transform(collaboratorsOf(list)),
      total: list.total,
      offset: list.offset,
      limit: list.limit,
    }
  }
}
