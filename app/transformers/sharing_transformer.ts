import type User from '#models/user'
import type DeckCollaborator from '#models/deck_collaborator'
import { avatarUrlOf } from '#transformers/user_transformer'
import { sharingLinkFor } from '#services/urls/sharing_link'
import type { CollaboratorList } from '#queries/sharing/collaborators'
import type { SharedDeckView } from '#queries/sharing/shared_deck'

/** Participants and shared decks, for the apps and the pages alike. */
export default class SharingTransformer {
  /** A person as the sharing screens show them: no e-mail, nothing private. */
  static person(user: User) {
    return { id: user.id, name: user.name, username: user.username, avatarColor: user.avatarColor, avatarUrl: avatarUrlOf(user) }
  }

  /** One participant; the owner, who has no row, has `id` null. */
  static collaborator(row: DeckCollaborator, user: User) {
    return { id: row.id as number | null, deckId: row.deckId, role: row.role as 'owner' | 'editor' | 'viewer', state: row.state, user: this.person(user) }
  }

  static owner(deckId: number, user: User) {
    return { id: null as number | null, deckId, role: 'owner' as const, state: 'active' as const, user: this.person(user) }
  }

  /** GET deck_collaborators: the owner first on the first page, then the participants. */
  static list({ deck, owner, rows, total, offset, limit }: CollaboratorList) {
    const participants = rows.map((row) => this.collaborator(row, row.user))
    return { deckCollaborators: owner ? [this.owner(deck.id, owner), ...participants] : participants, total, offset, limit }
  }

  /**
   * The spec's Shared deck (GET v2/decks/{token}) and what the join page
   * shows: its owner, its counts and subdecks. The link and token go to
   * whoever holds the link already.
   */
  static sharedDeck({ deck, owner, rows, isOwner, isLearning }: SharedDeckView) {
    const sum = (key: 'notesCount' | 'cardsCount') => rows.reduce((total, row) => total + row[key], 0)
    return {
      id: deck.id,
      name: deck.name,
      notesCount: sum('notesCount'),
      cardsCount: sum('cardsCount'),
      subdecks: rows.filter((row) => row.id !== deck.id),
      ownedBy: this.person(owner),
      isLearningByCurrentUser: isLearning,
      isOwnedByCurrentUser: isOwner,
      sharingLink: sharingLinkFor(deck.sharingToken!),
      sharingToken: deck.sharingToken!,
    }
  }
}

export type SharedDeck = ReturnType<typeof SharingTransformer.sharedDeck>
export type Collaborators = ReturnType<typeof SharingTransformer.list>
export type Collaborator = Collaborators['deckCollaborators'][number]
