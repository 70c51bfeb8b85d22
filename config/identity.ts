import env from '#start/env'
import { appUrl } from '#config/app'

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/**
 * Where the identity tokens of Google and Apple are checked: the published
 * key sets, the issuers and the audiences (our client ids). Tests point the
 * URLs at a local key server.
 */
export const identityProviders = {
  google: {
    jwksUrl: env.get('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
    issuers: list(env.get('GOOGLE_ISSUERS', 'https://accounts.google.com,accounts.google.com')),
    audiences: list(env.get('GOOGLE_AUDIENCES') ?? env.get('GOOGLE_CLIENT_ID')),
  },
  apple: {
    jwksUrl: env.get('APPLE_JWKS_URL', 'https://appleid.apple.com/auth/keys'),
    issuers: [env.get('APPLE_ISSUER', 'https://appleid.apple.com')],
    audiences: list(env.get('APPLE_AUDIENCES') ?? env.get('APPLE_CLIENT_ID')),
  },
}

/** Google's web flow (ally's authorization code flow, config/ally.ts): on only with both. */
export const googleWeb = {
  clientId: env.get('GOOGLE_CLIENT_ID'),
  clientSecret: env.get('GOOGLE_CLIENT_SECRET'),
}

/** Apple's web flow ("Sign in with Apple JS" without the JS: a form_post redirect). */
export const appleWeb = {
  clientId: env.get('APPLE_CLIENT_ID'),
  authorizeUrl: env.get('APPLE_AUTHORIZE_URL', 'https://appleid.apple.com/auth/authorize'),
  callbackUrl: `${appUrl}/auth/apple/callback`,
}
