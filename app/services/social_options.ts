import { appleWeb, googleWeb, identityProviders } from '#config/identity'
import type { SocialProvider, SocialSignInOptions } from '#types/auth'

/** Which social buttons the sign-in pages show, and which web flows run: only configured providers. */
export function socialSignInOptions(): SocialSignInOptions {
  return {
    google: Boolean(googleWeb.clientId && googleWeb.clientSecret),
    apple: Boolean(appleWeb.clientId && identityProviders.apple.audiences.length),
  }
}

/** How a provider is named to people. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' }
