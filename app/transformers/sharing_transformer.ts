import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CollaboratorList } from '#queries/sharing/collaborators'
import CollaboratorTransformer, { ownerOf, ownerRow } from '#transformers/collaborator_transformer'

/** The deck page's participants: the owner first, then the page of participants. */
export function collaboratorsOf({ deck, owner, rows }: CollaboratorList) {
  return [ownerRow(deck.id, owner), ...rows]
}

/**
 * GET deck_collaborators, the spec's Collaborators: `owner` (the Deck's owner
 * shape) and `deckCollaborators`, one page of the participants' rows (each
 * with its own id); `total` counts the participants.
 */
export default class SharingTransformer extends BaseTransformer<CollaboratorList> {
  toObject() {
    const { owner, rows, total, offset, limit } = this.resource
    return {
      owner: ownerOf(owner),
      deckCollaborators: CollaboratorTransformer.transform(rows),
      total,
      offset,
      limit,
    }
  }
}
