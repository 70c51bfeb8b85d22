import type User from '#models/user'

/** The first-time tutorial of the learning screen is shown once per account. */
export async function markTutorialSeen(user: User) {
  user.learningTutorialSeen = true
  await user.save()
}
