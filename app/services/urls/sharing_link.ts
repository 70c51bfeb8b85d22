import { randomBytes } from 'node:crypto'
import { appUrl } from '#config/app'

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export const newSharingToken = () => randomBytes(32).toString('base64url')

/** The web join page a sharing token opens (the apps open the same link). */
export const sharingLinkFor = (token: string) => `${appUrl}/shared/${token}`

/** Only what newSharingToken makes can be a token: anything else is a 404 before the database. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(value)
