import type User from '#models/user'

/** The Google and Apple accounts connected to the user, oldest first. */
export async function connectedAccounts(user: User) {
  return user.related('socialAccounts').query().orderBy('id')
}
