/** The sign-in providers besides e-mail (app/models/social_account.ts). */
export type SocialProvider = 'google' | 'apple'

/** Which social buttons the sign-in pages show (app/services/social_options.ts): only configured providers. */
export type SocialSignInOptions = Record<SocialProvider, boolean>
