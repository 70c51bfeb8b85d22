import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CollaboratorList } from '#queries/sharing/collaborators'
import CollaboratorTransformer, { ownerRow } from '#transformers/collaborator_transformer'

/** The participants of a shared deck, one page of them (CollaboratorList: the owner first on the first page). */
export function collaboratorsOf({ deck, owner, rows }: CollaboratorList) {
  return owner ? [ownerRow(deck.id, owner), ...rows] : rows
}

/** GET deck_collaborators: the owner first on the first page, then the participants. */
export default class SharingTransformer extends BaseTransformer<CollaboratorList> {
  toObject() {
    const { total, offset, limit } = this.resource
    return {
      deckCollaborators: CollaboratorTransformer.transform(collaboratorsOf(this.resource)),
      total,
      offset,
      limit,
    }
  }
}
