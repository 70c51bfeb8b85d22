import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import User, { AVATAR_COLORS } from '#models/user'
import { suggestUsername } from '#services/usernames'

/** The password every factory-made learner signs in with. */
export const FACTORY_PASSWORD = 'correct-horse-battery'

/**
 * A learner as sign-up leaves them (app/actions/auth/create_user.ts: the
 * spec's defaults), with e-mail and password and a proven address. States:
 * `unverified` (the address not yet proven), `premium`, `guest`.
 */
export const UserFactory = factory
  .define(User, ({ faker }) => {
    return {
      analyticsId: randomUUID(),
      provider: 'email' as const,
      email: `user${faker.string.alphanumeric({ length: 8, casing: 'lower' })}@example.test`,
      password: FACTORY_PASSWORD,
      name: 'Test User',
      experiments: {},
      onboardingData: {},
      avatarColor: faker.helpers.arrayElement(AVATAR_COLORS),
      locale: null,
      emailVerifiedAt: DateTime.now(),
    }
  })
  .state('unverified', (user) => {
    user.emailVerifiedAt = null
  })
  .state('premium', (user) => {
    user.isPremium = true
  })
  .state('guest', (user) => {
    user.provider = 'guest'
    user.email = null
    user.password = null
    user.emailVerifiedAt = null
  })
  /* the username sign-up would suggest, from the name or address the test chose */
  .before('create', async (_, user, ctx) => {
    user.email = user.email?.toLowerCase() ?? null
    if (user.username) return
    const source = user.name || user.email || (user.provider === 'guest' ? 'guest' : null)
    /* claimed on the transaction the row is written in, as sign-up does (makeUser gives one) */
    if (!ctx.$trx)
      throw new Error(
        'UserFactory creates in a transaction: .client(trx).create(), as makeUser does'
      )
    user.username = await suggestUsername(source, ctx.$trx)
  })
  .build()
