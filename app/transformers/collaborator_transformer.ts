import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckCollaborator from '#models/deck_collaborator'
import type User from '#models/user'
import { avatarUrlOf } from '#transformers/user_transformer'

/** A person as the sharing screens show them: no e-mail, nothing private. */
export function personOf(user: User) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    avatarColor: user.avatarColor,
    avatarUrl: avatarUrlOf(user),
  }
}

/** A deck's owner as the spec's Deck and Collaborators name them (role owner). */
export function ownerOf(user: User) {
  return { ...personOf(user), role: 'owner' as const }
}

/** The owner of a shared tree as its first participant: they have no row of their own. */
export type OwnerRow = { id: null; deckId: number; role: 'owner'; state: 'active'; user: User }

/** The owner's entry of a participants list. */
export function ownerRow(deckId: number, user: User): OwnerRow {
  return { id: null, deckId, role: 'owner', state: 'active', user }
}

/** One participant of a shared deck (the spec's DeckCollaborator); `user` when the row's is not loaded. */
export default class CollaboratorTransformer extends BaseTransformer<DeckCollaborator | OwnerRow> {
  constructor(
    row: DeckCollaborator | OwnerRow,
    protected user?: User
  ) {
    super(row)
  }

  toObject() {
    const row = this.resource
    return {
      id: row.id as number | null,
      deckId: row.deckId,
      role: row.role as 'owner' | 'editor' | 'viewer',
      state: row.state,
      user: personOf(this.user ?? row.user),
    }
  }
}
