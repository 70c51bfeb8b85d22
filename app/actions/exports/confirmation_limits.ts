import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'

/* confirmation links one address receives in 24 hours, from every account together */
const CONFIRMATIONS_PER_ADDRESS = 3
/* confirmation links one account sends in 24 hours, to all addresses together */
const CONFIRMATIONS_PER_SENDER = 5

const daily = (requests: number) =>
  limiter.use({ requests, duration: '24 hours', blockDuration: '24 hours' })

/* one mailbox under its tags: "ana+1@x" and "ana+2@x" are counted as "ana@x" */
const mailbox = (email: string) => email.replace(/\+[^@]*@/, '@')

/**
 * Counts a confirmation mail against the address and against the sender
 * before it is sent (the limiter's consume: one atomic step of the store, so
 * requests at once cannot pass the limit together); past either limit the
 * export is refused with 429 E_EXPORT_CONFIRMATION_LIMIT. Free accounts are
 * quick to make, so the address's own count is what protects its owner.
 * Called before the export's transaction: the store may be the database.
 */
export async function countConfirmationMail(user: User, email: string) {
  try {
    await daily(CONFIRMATIONS_PER_ADDRESS).consume(`export_confirm:to:${mailbox(email)}`)
    await daily(CONFIRMATIONS_PER_SENDER).consume(`export_confirm:from:${user.id}`)
  } catch (error) {
    if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
    throw ApiException.of('E_EXPORT_CONFIRMATION_LIMIT', {
      values: { perAddress: CONFIRMATIONS_PER_ADDRESS, perSender: CONFIRMATIONS_PER_SENDER },
      /* the block's real end, not "tomorrow" */
      retryAfter: error.response.availableIn,
    })
  }
}
