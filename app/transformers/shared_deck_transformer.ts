import { BaseTransformer } from '@adonisjs/core/transformers'
import { sharingLinkFor } from '#services/urls/sharing_link'
import type { SharedDeckView } from '#queries/sharing/shared_deck'
import { personOf } from '#transformers/collaborator_transformer'

/**
 * The spec's Shared deck (GET v2/decks/{token}) and what the join page
 * shows: its owner, its counts and subdecks. The link and token go to
 * whoever holds the link already.
 */
export default class SharedDeckTransformer extends BaseTransformer<SharedDeckView> {
  toObject() {
    const { deck, owner, rows, isOwner, isLearning } = this.resource
    const sum = (key: 'notesCount' | 'cardsCount') =>
      rows.reduce((total, row) => total + row[key], 0)
    return {
      id: deck.id,
      name: deck.name,
      notesCount: sum('notesCount'),
      cardsCount: sum('cardsCount'),
      subdecks: rows.filter((row) => row.id !== deck.id),
      ownedBy: personOf(owner),
      isLearningByCurrentUser: isLearning,
      isOwnedByCurrentUser: isOwner,
      sharingLink: sharingLinkFor(deck.sharingToken!),
      sharingToken: deck.sharingToken!,
    }
  }
}
