import User from '#models/user'
import { idParam } from '#queries/decks/find_deck'

/** A user with an avatar (avatars are public: public profiles and shared decks show them); else a 404. */
export async function avatarOwner(userId: unknown) {
  return User.query().where('id', idParam(userId)).whereNotNull('avatarPath').firstOrFail()
}
