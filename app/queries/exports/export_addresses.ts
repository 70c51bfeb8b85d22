import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ExportAddress from '#models/export_address'
import User from '#models/user'

/*
 * Where exports may be mailed: the account's own address once its owner
 * proved it (users.email_verified_at), or an address confirmed by a link
 * mailed there (export_addresses), for this learner only. Anything else
 * waits for that link (docs/decisions/0040-where-exports-may-be-mailed.md).
 */

/** What is stored of a confirmation link's secret. */
export const confirmationDigest = (secret: string) =>
  createHash('sha256').update(secret).digest('hex')

/* a new confirmation link for the same address at most this often: the earlier one still works */
const RESEND_AFTER_MINUTES = 10

/**
 * The account's own address, proven by its owner: the only one whose mails may carry the learner's and the
 * decks' names.
 */
export function isOwnProvenAddress(user: User, email: string) {
  return Boolean(user.email && user.email === email && user.emailVerifiedAt)
}

/** Whose exports may go to `email` without asking: the owner's proven address, or one confirmed for them. */
export async function isConfirmedAddress(
  user: User,
  email: string,
  trx?: TransactionClientContract
) {
  if (isOwnProvenAddress(user, email)) return true
  const row = await ExportAddress.query({ client: trx })
    .where({ userId: user.id, email })
    .whereNotNull('confirmedAt')
    .first()
  return Boolean(row)
}

/** The addresses the learner's exports go to without asking (the export dialog shows which). */
export async function confirmedAddresses(user: User) {
  const rows = await ExportAddress.query()
    .where('userId', user.id)
    .whereNotNull('confirmedAt')
    .orderBy('email')
  const own = user.email && user.emailVerifiedAt ? [user.email] : []
  return [...new Set([...own, ...rows.map((row) => row.email)])]
}

/** The address a confirmation link stands for, while it works, with the learner who asked; else null. */
export async function findConfirmation(secret: string) {
  const row = await ExportAddress.query()
    .where('tokenHash', confirmationDigest(String(secret)))
    .where('tokenExpiresAt', '>', DateTime.now().toSQL()!)
    .whereNull('confirmedAt')
    .first()
  if (!row) return null
  return { address: row, user: await User.findOrFail(row.userId) }
}

/** A link mailed to the address in the last RESEND_AFTER_MINUTES that still works: no second mail. */
export function linkRecentlySent(
  row: Pick<ExportAddress, 'sentAt' | 'tokenHash' | 'tokenExpiresAt'> | null,
  now = DateTime.now()
) {
  return Boolean(
    row?.sentAt &&
    row.tokenHash &&
    row.tokenExpiresAt &&
    row.tokenExpiresAt > now &&
    row.sentAt > now.minus({ minutes: RESEND_AFTER_MINUTES })
  )
}

/** Whether an export to `email` would mail a confirmation link there now (read outside any transaction). */
export async function confirmationMailDue(user: User, email: string) {
  if (await isConfirmedAddress(user, email)) return false
  return !linkRecentlySent(await ExportAddress.query().where({ userId: user.id, email }).first())
}
