import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { appUrl } from '#config/app'
import ApiException from '#exceptions/api_exception'
import ExportAddressMail from '#mails/export_address_mail'
import { CONFIRMATION_HOURS } from '#models/deck_export'
import ExportAddress from '#models/export_address'
import User from '#models/user'
import { dispatch } from '#services/queue'

/*
 * Where exports may be mailed: the account's own address once its owner
 * proved it (users.email_verified_at), or an address confirmed by a link
 * mailed there (export_addresses), for this learner only. Anything else
 * waits for that link (README: product choices, exports).
 */

/* a new confirmation link for the same address at most this often: the earlier one still works */
export const RESEND_AFTER_MINUTES = 10

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Whose exports may go to `email` without asking: the owner's proven address, or one confirmed for them. */
export async function isConfirmedAddress(user: User, email: string, trx?: TransactionClientContract) {
  if (user.email === email && user.emailVerifiedAt) return true
  const row = await ExportAddress.query({ client: trx }).where({ userId: user.id, email }).whereNotNull('confirmedAt').first()
  return Boolean(row)
}

/** The addresses the learner's exports go to without asking (the export dialog shows which). */
export async function confirmedAddresses(user: User) {
  const rows = await ExportAddress.query().where('userId', user.id).whereNotNull('confirmedAt').orderBy('email')
  const own = user.email && user.emailVerifiedAt ? [user.email] : []
  return [...new Set([...own, ...rows.map((row) => row.email)])]
}

/** Who asked, as the mail and the confirmation page name them. */
export function requesterName(user: User) {
  if (user.name && user.username) return `${user.name} (@${user.username})`
  return user.name ?? (user.username ? `@${user.username}` : (user.email ?? 'Mnemo'))
}

/**
 * Mails a confirmation link to `email` for the learner, unless one went out
 * in the last RESEND_AFTER_MINUTES (that one still works); a new link
 * replaces an older one. The mail leaves after `trx` commits.
 */
export async function requestConfirmation(
  user: User,
  email: string,
  options: { locale: string; deckName: string },
  trx: TransactionClientContract
) {
  await trx.rawQuery(
    'INSERT INTO export_addresses (user_id, email, created_at, updated_at) VALUES (?, ?, now(), now()) ON CONFLICT (user_id, email) DO NOTHING',
    [user.id, email]
  )
  const row = await ExportAddress.query({ client: trx }).where({ userId: user.id, email }).forUpdate().firstOrFail()
  const now = DateTime.now()
  const recent = row.sentAt && row.tokenHash && row.tokenExpiresAt && row.tokenExpiresAt > now && row.sentAt > now.minus({ minutes: RESEND_AFTER_MINUTES })
  if (row.confirmedAt || recent) return
  const secret = randomBytes(32).toString('base64url')
  row.useTransaction(trx)
  row.merge({ tokenHash: digest(secret), tokenExpiresAt: now.plus({ hours: CONFIRMATION_HOURS }), sentAt: now })
  await row.save()
  const message = new ExportAddressMail({
    to: email, requester: requesterName(user), locale: user.locale ?? options.locale, deckName: options.deckName,
    link: `${appUrl}/exports/confirm/${secret}`, hours: CONFIRMATION_HOURS,
  })
  trx.after('commit', () => void mail.sendLater(message))
}

/** The address a confirmation link stands for, while it works, with the learner who asked; else null. */
export async function findConfirmation(secret: string) {
  const row = await ExportAddress.query()
    .where('tokenHash', digest(String(secret)))
    .where('tokenExpiresAt', '>', DateTime.now().toSQL()!)
    .whereNull('confirmedAt')
    .first()
  if (!row) return null
  return { address: row, user: await User.findOrFail(row.userId) }
}

export const confirmationExpired = () =>
  new ApiException(410, 'E_LINK_EXPIRED', 'export_confirmation_expired', { hasBody: true })

/**
 * Uses a confirmation link once: the address is confirmed for the learner
 * who asked (the account's own address becomes verified), and their exports
 * waiting for it start; the ones that waited longer than the link lives
 * fail as unconfirmed. Nobody else's exports or addresses change.
 */
export async function confirmAddress(secret: string) {
  const result = await db.transaction(async (trx) => {
    const row = await ExportAddress.query({ client: trx })
      .where('tokenHash', digest(String(secret)))
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
      trx.from('deck_exports').where({ user_id: user.id, email: row.email, status: 'awaiting_confirmation' })
    const since = DateTime.now().minus({ hours: CONFIRMATION_HOURS }).toJSDate()
    await waiting().where('created_at', '<=', since).update({ status: 'failed', error_message: 'unconfirmed', updated_at: new Date() })
    const started: { id: number }[] = await waiting()
      .where('created_at', '>', since)
      .update({ status: 'queued', updated_at: new Date() })
      .returning('id')
    return { email: row.email, user, started: started.map(({ id }) => id) }
  })
  /* after the commit: the worker finds the rows queued */
  for (const id of result.started) await dispatch('export_deck', { exportId: id })
  return result
}
