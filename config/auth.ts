import { defineConfig } from '@adonisjs/auth'
import { sessionGuard } from '@adonisjs/auth/session'
import { tokensGuard } from '@adonisjs/auth/access_tokens'
import { EpochSessionUserProvider } from '#services/session_users'
import { BearerUserProvider } from '#services/api_users'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

const authConfig = defineConfig({
  default: 'web',
  guards: {
    /* the Inertia pages; a session ends when the account's password changes (app/services/session_users.ts) */
    web: sessionGuard({
      useRememberMeTokens: false,
      provider: new EpochSessionUserProvider({ model: () => import('#models/user') }),
    }),
    /*
     * the mobile apps: opaque bearer tokens, stored hashed; the token and its user in one read
     * (app/services/api_users.ts)
     */
    api: tokensGuard({
      provider: new BearerUserProvider({
        tokens: 'accessTokens',
        model: () => import('#models/user'),
      }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
