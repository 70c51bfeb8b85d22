import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'
import { refreshStreak } from '#actions/study/refresh_streak'

/**
 * The User entity as every API call answers it (users/me, sign-up, every
 * sign-in, PUT users/{id}): the row as stored (a model just created lacks the
 * columns' defaults: free tier, counters, theme), its providers, and a streak
 * that shows days missed since the last answer.
 */
export async function apiUser(user: User) {
  await refreshStreak(user.id, user.today())
  await user.refresh()
  await user.load('socialAccounts')
  return UserTransformer.forApi(user)
}
