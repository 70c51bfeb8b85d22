import type User from '#models/user'
import { subscriptionEntity } from '#queries/payments/subscriptions'

/**
 * The learner as every API call that answers the User entity needs them
 * (users/me, sign-up, every sign-in, PUT users/{id}; UserTransformer.forApi):
 * the row as stored (a model just created lacks the columns' defaults: free
 * tier, counters, theme) and its providers; `reload: false` when the row was
 * read in this request and not written since. Reads only: the door brings the
 * stored streak up to date first (refreshStreak), so it shows days missed
 * since the last answer.
 */
export async function apiUser(user: User, options: { reload: boolean } = { reload: true }) {
  if (options.reload) await user.refresh()
  await user.load('socialAccounts')
  user.$extras.subscription = await subscriptionEntity(user.id)
  return user
}
