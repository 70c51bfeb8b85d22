import { randomUUID } from 'node:crypto'
import User, { AVATAR_COLORS, type Provider } from '#models/user'
import { suggestUsername } from '#services/usernames'
import { withTransaction, type ActionOptions } from '#actions/action'

export type NewUser = {
  provider: Provider
  email?: string | null
  password?: string | null
  name?: string | null
  experiments?: Record<string, string>
  locale?: string | null
}

/** Creates an account with the spec's defaults (free tier 5 / 20 / 5, a random avatar colour). */
export async function createUser(input: NewUser, options: ActionOptions = {}) {
  return withTransaction(options.trx, async (trx) => {
    const user = new User().useTransaction(trx)
    user.merge({
      analyticsId: randomUUID(),
      provider: input.provider,
      email: input.email?.toLowerCase() ?? null,
      password: input.password ?? null,
      name: input.name ?? null,
      username: await suggestUsername(
        input.name || input.email || (input.provider === 'guest' ? 'guest' : null),
        trx
      ),
      experiments: input.experiments ?? {},
      onboardingData: {},
      avatarColor: AVATAR_COLORS[Math.floor(Math.random() * AVATAR_COLORS.length)],
      locale: input.locale ?? null,
    })
    await user.save()
    return user
  })
}
