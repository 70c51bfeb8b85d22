import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose'

/**
 * A local stand-in for Google's and Apple's identity services, speaking
 * their protocols: JWKS documents with RS256 keys, identity tokens signed the
 * way they sign them, and Google's OAuth authorize / token / userinfo steps.
 * .env.test points GOOGLE_* and APPLE_* at it (IDENTITY_PORT, 30399 by default: below the ephemeral range, so
 * no outgoing connection holds it).
 */
export const IDENTITY_PORT = Number(process.env.IDENTITY_PORT || 30399)
const ISSUERS = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com' }
type Provider = keyof typeof ISSUERS

type Keys = { privateKey: CryptoKey; jwk: JWK; kid: string }
const keys: Partial<Record<Provider, Keys>> = {}
/* a key no JWKS publishes: tokens signed with it must be refused */
let foreign: Keys | undefined
const codes = new Map<string, Record<string, unknown>>()
let nextGoogleProfile: Record<string, unknown> | null = null

async function makeKeys(): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomUUID()
  return {
    privateKey,
    kid,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  }
}

export async function signIdentityToken(
  provider: Provider,
  claims: {
    sub: string
    email?: string
    name?: string
    aud?: string
    expiresIn?: string
    iss?: string
    email_verified?: boolean
  },
  options: { foreignKey?: boolean } = {}
) {
  const key = options.foreignKey ? foreign! : keys[provider]!
  const { aud, expiresIn = '10m', iss = ISSUERS[provider], ...rest } = claims
  return new SignJWT({ email_verified: true, ...rest })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(iss)
    .setAudience(aud ?? (provider === 'google' ? 'test-google-ios-client' : 'app.mnemo.test.ios'))
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey)
}

/** The profile Google's next authorization will return to the web flow. */
export function nextGoogleUser(profile: { sub: string; email: string; name: string }) {
  nextGoogleProfile = { ...profile, email_verified: true }
}

let server: Server | undefined

export async function startIdentityServer() {
  keys.google = await makeKeys()
  keys.apple = await makeKeys()
  foreign = await makeKeys()
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, `http://127.0.0.1:${IDENTITY_PORT}`)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const [, provider, step] = url.pathname.split('/') as [string, Provider, string]
    if (step === 'jwks' && keys[provider]) return json(200, { keys: [keys[provider]!.jwk] })
    if (provider === 'google' && step === 'authorize') {
      /* the user consents at once: back to the app with a code and its state */
      const code = randomUUID()
      codes.set(
        code,
        nextGoogleProfile ?? {
          sub: 'google-default',
          email: 'someone@gmail.test',
          name: 'Someone',
          email_verified: true,
        }
      )
      const back = new URL(url.searchParams.get('redirect_uri')!)
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state')!)
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (provider === 'google' && step === 'token') {
      let body = ''
      for await (const chunk of req) body += chunk
      const code = new URLSearchParams(body).get('code') ?? ''
      if (!codes.has(code)) return json(400, { error: 'invalid_grant' })
      return json(200, {
        access_token: `at-${code}`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email profile',
      })
    }
    if (provider === 'google' && step === 'userinfo') {
      const code = (req.headers.authorization ?? '').replace('Bearer at-', '')
      const profile = codes.get(code)
      return profile ? json(200, profile) : json(401, { error: 'invalid_token' })
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server!.listen(IDENTITY_PORT, '127.0.0.1', resolve))
}

export async function stopIdentityServer() {
  await new Promise((resolve) => server?.close(resolve))
}
