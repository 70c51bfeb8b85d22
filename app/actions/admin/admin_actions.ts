import db from '@adonisjs/lucid/services/db'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { audit } from '#services/audit'
import { guardSignIn } from '#services/auth_throttle'
import { insertAdminToken, insertMasqueradeToken } from '#services/admin_tokens'

/*
 * Every admin action, for both doors (the admin API and /admin pages); each
 * writes its audit row in its own transaction.
 */

/** An admin credential for an admin's e-mail and password; anyone else gets the same 400 as a wrong password. */
export async function issueAdminToken(email: string, password: string, ip: string) {
  /* throttled as sign-in, with the same counts: a wrong password here is a failed sign-in */
  const admin = await guardSignIn(ip, email, async () => {
    const user = await User.verifyCredentials(email, password)
    if (!user.isAdmin) throw new authErrors.E_INVALID_CREDENTIALS('Invalid user credentials')
    return user
  })
  return db.transaction(async (trx) => {
    const token = await insertAdminToken(trx, admin)
    await audit(admin, 'admin_token.issued', { ip, details: { expiresAt: token.expiresAt.toISOString() } }, trx)
    return { admin, ...token }
  })
}

/** The user an admin acts on, or a 404. */
export async function findTargetUser(id: number) {
  const user = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await User.find(id) : null
  if (!user) throw ApiException.notFound()
  return user
}

/**
 * A one-hour bearer token acting as `userId`, marked as the admin's
 * masquerade. Never as an admin (oneself included): a masquerade would
 * otherwise carry another admin's moderator rights under their name.
 */
export async function masqueradeAs(admin: User, userId: number, ip: string, door: 'api' | 'web' = 'api') {
  const user = await findTargetUser(userId)
  if (user.isAdmin) throw ApiException.of('E_MASQUERADE_ADMIN')
  return db.transaction(async (trx) => {
    const token = door === 'api' ? await insertMasqueradeToken(trx, user, admin) : null
    await audit(admin, 'masquerade.started', { targetUserId: user.id, ip, details: { door } }, trx)
    return { user, token }
  })
}

/** The end of a web masquerade (the browser returns to the admin). */
export async function stopMasquerade(admin: User, userId: number, ip: string) {
  await audit(admin, 'masquerade.stopped', { targetUserId: userId, ip, details: { door: 'web' } })
}

/** The admin's own experiment values (known names and groups only; null removes one). */
export async function updateOwnExperiments(admin: User, changes: Record<string, string | null>, ip: string) {
  return db.transaction(async (trx) => {
    const locked = await User.query({ client: trx }).where('id', admin.id).forUpdate().firstOrFail()
    const next: Record<string, string> = { ...(locked.experiments ?? {}) }
    for (const [name, group] of Object.entries(changes)) {
      if (group === null) delete next[name]
      else next[name] = group
    }
    locked.experiments = next
    await locked.save()
    await audit(admin, 'experiments.updated', { targetUserId: admin.id, ip, details: { changes } }, trx)
    return locked
  })
}

/** Sets (true/false) or clears (null) a user's premium override. */
export async function overridePremium(admin: User, userId: number, premium: boolean | null, ip: string) {
  await findTargetUser(userId)
  return db.transaction(async (trx) => {
    const user = await User.query({ client: trx }).where('id', userId).forUpdate().firstOrFail()
    const before = user.premiumOverride
    user.premiumOverride = premium
    await user.save()
    await audit(admin, 'premium.override', { targetUserId: user.id, ip, details: { before, after: premium } }, trx)
    return user
  })
}

/** The admin's own debug menu level on the pages. */
export async function setDebugMenu(admin: User, level: User['debugMenu'], ip: string) {
  return db.transaction(async (trx) => {
    await trx.from('users').where('id', admin.id).update({ debug_menu: level })
    await audit(admin, 'debug_menu.updated', { targetUserId: admin.id, ip, details: { level } }, trx)
  })
}
