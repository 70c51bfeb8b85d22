import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { identityProviders } from '#config/identity'
import type { SocialProvider } from '#types/auth'
import ApiException from '#exceptions/api_exception'
import { PROVIDER_NAMES } from '#services/social_options'

export type Identity = {
  provider: SocialProvider
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

function keySet(url: string) {
  let set = keySets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 })
    keySets.set(url, set)
  }
  return set
}

const truthy = (value: unknown) => value === true || value === 'true'

/*
 * 400, as a wrong password: the apps sign the user out on any 401, and a
 * refused Google or Apple token (signing in, or connecting a provider while
 * signed in) says nothing about the session token.
 */
const invalidIdentityToken = () => ApiException.of('E_INVALID_IDENTITY_TOKEN')

/**
 * Checks an identity token (an OpenID Connect id_token) from Google or Apple:
 * signature against the provider's published keys, issuer, audience and
 * expiry. Accounts are then linked by (provider, subject).
 */
export async function verifyIdentityToken(
  provider: SocialProvider,
  token: string
): Promise<Identity> {
  const config = identityProviders[provider]
  /* the server has no client id to check the token against: say so, not that the token is bad */
  if (config.audiences.length === 0) {
    throw ApiException.of('E_PROVIDER_NOT_CONFIGURED', {
      values: { provider: PROVIDER_NAMES[provider] },
    })
  }
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, keySet(config.jwksUrl), {
      issuer: config.issuers,
      audience: config.audiences,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: 60,
    }))
  } catch {
    throw invalidIdentityToken()
  }
  if (!payload.sub) throw invalidIdentityToken()
  return {
    provider,
    subject: payload.sub,
    email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
    emailVerified: truthy(payload.email_verified),
    name: typeof payload.name === 'string' ? payload.name : null,
  }
}
