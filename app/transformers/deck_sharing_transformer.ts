import type { DeckSharingView } from '#queries/sharing/deck_sharing'
import { sharingLinkFor } from '#services/urls/sharing_link'
import SharingTransformer from '#transformers/sharing_transformer'
import EmbedTransformer from '#transformers/embed_transformer'

/** The deck page's Sharing dialog: sharing of the deck's tree as the caller sees it (the link for the owner only) and its participants. */
export default class DeckSharingTransformer {
  static dialog({ mine, list }: DeckSharingView) {
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
}

export type DeckSharing = ReturnType<typeof DeckSharingTransformer.dialog>
