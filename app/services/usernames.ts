import { randomBytes } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export const USERNAME_MAX = 30
export const USERNAME_PATTERN = /^[a-z0-9.]+$/

/* the first key of the advisory locks that serialize claims of one username (the second is its hash) */
const USERNAME_LOCK = 4_206

/**
 * Usernames are read and claimed in the caller's transaction: a sign-up or a
 * profile change holds its connection, and asking the pool for another one
 * here is how ten sign-ups at once stalled the whole server.
 */
async function isUsernameTaken(
  username: string,
  trx: TransactionClientContract,
  exceptUserId?: number
) {
  const row = await trx
    .from('users')
    .whereRaw('lower(username) = ?', [username.toLowerCase()])
    .if(exceptUserId, (query) => query.whereNot('id', exceptUserId!))
    .first()
  return Boolean(row)
}

/**
 * True when `username` is free and now reserved for the caller's transaction:
 * a second claimant waits on the lock until the first one commits (then sees
 * its row and is told it is taken) or rolls back (then gets it). Without the
 * lock both would see it free and one would fail on the unique index.
 */
export async function claimUsername(
  username: string,
  trx: TransactionClientContract,
  exceptUserId?: number
) {
  /* a name already taken needs no lock: the common case for a generated base like "guest" */
  if (await isUsernameTaken(username, trx, exceptUserId)) return false
  await trx.rawQuery('select pg_advisory_xact_lock(?, hashtext(?))', [
    USERNAME_LOCK,
    username.toLowerCase(),
  ])
  return !(await isUsernameTaken(username, trx, exceptUserId))
}

/** A free username made from a name or an e-mail: "Ana Lima" → "ana.lima", then "ana.lima.k3x"; claimed in `trx`. */
export async function suggestUsername(
  source: string | null | undefined,
  trx: TransactionClientContract
) {
  const base =
    (source ?? '')
      .split('@')[0]
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '')
      .slice(0, USERNAME_MAX - 5) || 'learner'
  if (await claimUsername(base, trx)) return base
  for (;;) {
    const candidate = `${base}.${randomBytes(3).toString('hex').slice(0, 4)}`
    if (await claimUsername(candidate, trx)) return candidate
  }
}

/**
 * A guest upgraded in place (e-mail sign-up, Google, Apple) leaves the
 * generated "guest.xxxx" for a username made from their name or e-mail:
 * the one rule for every way up. A username the guest chose is kept.
 */
export async function renameUpgradedGuest(
  guest: { username: string | null },
  source: string | null | undefined,
  trx: TransactionClientContract
) {
  if (guest.username?.startsWith('guest')) guest.username = await suggestUsername(source, trx)
}
