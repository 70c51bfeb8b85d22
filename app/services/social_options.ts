import env from '#start/env'
import { identityProviders } from '#config/identity'

/** Which social buttons the sign-in pages show: only configured providers. */
export function socialSignInOptions() {
  return {
    google: Boolean(env.get('GOOGLE_CLIENT_ID') && env.get('GOOGLE_CLIENT_SECRET')),
    apple: Boolean(env.get('APPLE_CLIENT_ID') && identityProviders.apple.audiences.length),
  }
}
