import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import { CONFIRMATION_HOURS } from '#models/deck_export'
import ExportAddress from '#models/export_address'
import User from '#models/user'
import { confirmationDigest } from '#queries/exports/export_addresses'
import { queueJob } from '#services/durable_jobs'
import { withTransaction, type ActionOptions } from '#actions/action'

const confirmationExpired = () =>
  ApiException.of('E_LINK_EXPIRED', { key: 'export_confirmation_expired' })

/**
 * Uses a confirmation link once: the address is confirmed for the learner
 * who asked (the account's own address becomes verified), and their exports
 * waiting for it start; the ones that waited longer than the link lives
 * fail as unconfirmed. Nobody else's exports or addresses change.
 */
export async function confirmAddress(input: { token: string }, options: ActionOptions = {}) {
  return withTransaction(options.trx, async (trx) => {
    const row = await ExportAddress.query({ client: trx })
      .where('tokenHash', confirmationDigest(String(input.token)))
      .where('tokenExpiresAt', '>', DateTime.now().toSQL()!)
      .whereNull('confirmedAt')
      .forUpdate()
      .first()
    if (!row) throw confirmationExpired()
    row.useTransaction(trx)
    row.merge({ confirmedAt: DateTime.now(), tokenHash: null, tokenExpiresAt: null })
    await row.save()

    const user = await User.query({ client: trx }).where('id', row.userId).forUpdate().firstOrFail()
    if (user.email === row.email && !user.emailVerifiedAt) {
      user.emailVerifiedAt = DateTime.now()
      await user.save()
    }
    const waiting = () =>
      trx
        .from('deck_exports')
        .where({ user_id: user.id, email: row.email, status: 'awaiting_confirmation' })
    const since = DateTime.now().minus({ hours: CONFIRMATION_HOURS }).toJSDate()
    await waiting()
      .where('created_at', '<=', since)
      .update({ status: 'failed', error_message: 'unconfirmed', updated_at: new Date() })
    const started: { id: number }[] = await waiting()
      .where('created_at', '>', since)
      .update({ status: 'queued', updated_at: new Date() })
      .returning('id')
    /* handed to the queue after the commit: the worker finds the rows queued */
    for (const { id } of started) await queueJob(trx, 'export_deck', { exportId: id }, user.id)
    return { email: row.email, user, started: started.map(({ id }) => id) }
  })
}
