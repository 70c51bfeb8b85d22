import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import mail from '@adonisjs/mail/services/main'
import { appUrl } from '#config/app'
import ExportAddressMail from '#mails/export_address_mail'
import { CONFIRMATION_HOURS } from '#models/deck_export'
import ExportAddress from '#models/export_address'
import type User from '#models/user'
import { confirmationDigest, linkRecentlySent } from '#queries/exports/export_addresses'

/**
 * Mails a confirmation link to `email` for the learner, unless one went out
 * in the last RESEND_AFTER_MINUTES (that one still works); a new link
 * replaces an older one. The mail leaves after `trx` commits.
 */
export async function requestConfirmation(
  user: User,
  input: { email: string; locale: string },
  trx: TransactionClientContract
) {
  const { email } = input
  await trx.rawQuery(
    'INSERT INTO export_addresses (user_id, email, created_at, updated_at) VALUES (?, ?, now(), now()) ON ' +
      'CONFLICT (user_id, email) DO NOTHING',
    [user.id, email]
  )
  const row = await ExportAddress.query({ client: trx })
    .where({ userId: user.id, email })
    .forUpdate()
    .firstOrFail()
  const now = DateTime.now()
  if (row.confirmedAt || linkRecentlySent(row, now)) return
  const secret = randomBytes(32).toString('base64url')
  row.useTransaction(trx)
  row.merge({
    tokenHash: confirmationDigest(secret),
    tokenExpiresAt: now.plus({ hours: CONFIRMATION_HOURS }),
    sentAt: now,
  })
  await row.save()
  const message = new ExportAddressMail({
    to: email,
    locale: user.locale ?? input.locale,
    link: `${appUrl}/exports/confirm/${secret}`,
    hours: CONFIRMATION_HOURS,
  })
  trx.after('commit', () => void mail.sendLater(message))
}
