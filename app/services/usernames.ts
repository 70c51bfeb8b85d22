import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'

export const USERNAME_MAX = 30
export const USERNAME_PATTERN = /^[a-z0-9.]+$/

export async function isUsernameTaken(username: string, exceptUserId?: number) {
  const row = await db
    .from('users')
    .whereRaw('lower(username) = ?', [username.toLowerCase()])
    .if(exceptUserId, (query) => query.whereNot('id', exceptUserId!))
    .first()
  return Boolean(row)
}

/** A free username made from a name or an e-mail: "Ana Lima" → "ana.lima", then "ana.lima.k3x". */
export async function suggestUsername(source: string | null | undefined) {
  const base =
    (source ?? '')
      .split('@')[0]
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '')
      .slice(0, USERNAME_MAX - 5) || 'learner'
  if (!(await isUsernameTaken(base))) return base
  for (;;) {
    const candidate = `${base}.${randomBytes(3).toString('hex').slice(0, 4)}`
    if (!(await isUsernameTaken(candidate))) return candidate
  }
}
