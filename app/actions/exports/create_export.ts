import type { Infer } from '@vinejs/vine/types'
import type { createExportValidator } from '#validators/exports'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import DeckExport from '#models/deck_export'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { queueJob } from '#services/durable_jobs'
import { confirmationMailDue, isConfirmedAddress } from '#queries/exports/export_addresses'
import { countConfirmationMail } from '#actions/exports/confirmation_limits'
import { requestConfirmation } from '#actions/exports/request_confirmation'
import { assertRoomFor, lockLearnerWork } from '#actions/jobs/work_limits'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * The validated body and the request's language (a confirmation mail's when
 * the learner has none set). `mail_link` false: no mail at all, the file is
 * fetched from the exports page (the web's default); true by default (the apps).
 */
export type CreateExportInput = Infer<typeof createExportValidator> & { locale?: string }

/* exports asked for in any 24 hours: a learner backs up a few decks a day; more mails strangers or bots */
const MAX_DAILY_EXPORTS = 20

/**
 * Queues an export of a deck the user may see (404 otherwise); the job writes
 * the file and e-mails its link. The job is dispatched after the commit, so
 * the worker always finds the row. The link goes only to an address proven
 * to be the learner's or confirmed by them: any other export waits
 * (`awaiting_confirmation`) for the link mailed to that address
 * (app/actions/exports/request_confirmation.ts; the rule in app/queries/exports/export_addresses.ts).
 */
/*
 * Seconds until the rolling 24 hours hold fewer than MAX_DAILY_EXPORTS: when the export that takes the
 * count below it leaves the window
 */
async function dailySlotFreesIn(user: User, count: number, trx: TransactionClientContract) {
  const leaving = await trx
    .from('deck_exports')
    .where('user_id', user.id)
    .where('created_at', '>', DateTime.now().minus({ hours: 24 }).toJSDate())
    .orderBy('created_at', 'asc')
    .offset(count - MAX_DAILY_EXPORTS)
    .select('created_at')
    .first()
  const frees = DateTime.fromJSDate(new Date(leaving.created_at)).plus({ hours: 24 })
  return Math.max(1, frees.diffNow('seconds').seconds)
}

export async function createExport(
  user: User,
  input: CreateExportInput,
  options: ActionOptions = {}
) {
  const mailLink = input.mail_link ?? true
  /* a guest account costs nothing to make: it may not have mail sent anywhere (a download needs none) */
  if (mailLink && user.isGuest) throw ApiException.of('E_GUEST_EXPORT_MAIL')
  const email = mailLink ? (input.email ?? user.email)?.trim().toLowerCase() : (user.email ?? '')
  if (mailLink && !email)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'missing_email', field: 'email' })
  if (mailLink && (await confirmationMailDue(user, email!)))
    await countConfirmationMail(user, email!)
  return withTransaction(options.trx, async (trx) => {
    const deck = await findDeck(user, input.deck_id, trx)
    /* two requests at once must not both see four pending exports */
    await lockLearnerWork(user, trx)
    const today = await trx
      .from('deck_exports')
      .where('user_id', user.id)
      .where('created_at', '>', DateTime.now().minus({ hours: 24 }).toJSDate())
      .count('* as count')
      .first()
    if (Number(today.count) >= MAX_DAILY_EXPORTS) {
      throw ApiException.of('E_EXPORT_DAILY_LIMIT', {
        values: { max: MAX_DAILY_EXPORTS },
        retryAfter: await dailySlotFreesIn(user, Number(today.count), trx),
      })
    }
    /* 5 waiting or running at once (work_limits.ts): more is a runaway client, not a learner */
    await assertRoomFor(user, 'export', trx)
    /* nothing is mailed: nothing to confirm, the learner fetches the file on the exports page */
    const confirmed = !mailLink || (await isConfirmedAddress(user, email!, trx))
    const record = await DeckExport.create(
      {
        userId: user.id,
        deckId: deck.id,
        deckName: deck.name,
        email: email!,
        format: input.format ?? 'ofc',
        mailLink,
        includeProgress: Boolean(input.include_progress),
        status: confirmed ? 'queued' : 'awaiting_confirmation',
      },
      { client: trx }
    )
    if (confirmed) await queueJob(trx, 'export_deck', { exportId: record.id }, user.id)
    else await requestConfirmation(user, { email: email!, locale: input.locale ?? 'en' }, trx)
    return record
  })
}
