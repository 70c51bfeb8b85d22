import env from '#start/env'
import { appUrl } from '#config/app'
import { defineConfig, services } from '@adonisjs/ally'

/* URL overrides exist so that tests can answer as Google does from a local server. */
const allyConfig = defineConfig({
  google: services.google({
    clientId: env.get('GOOGLE_CLIENT_ID', ''),
    clientSecret: env.get('GOOGLE_CLIENT_SECRET', ''),
    callbackUrl: `${appUrl}/auth/google/callback`,
    scopes: ['openid', 'email', 'profile'],
    authorizeUrl: env.get('GOOGLE_AUTHORIZE_URL'),
    accessTokenUrl: env.get('GOOGLE_TOKEN_URL'),
    userInfoUrl: env.get('GOOGLE_USERINFO_URL'),
  }),
})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
