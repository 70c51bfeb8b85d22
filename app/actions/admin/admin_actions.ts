import type { Infer } from '@vinejs/vine/types'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { audit } from '#services/audit'
import { guardSignIn } from '#services/auth_throttle'
import { insertAdminToken, insertMasqueradeToken } from '#services/admin_tokens'
import type {
  adminTokenValidator,
  debugMenuValidator,
  masqueradeValidator,
  premiumOverrideValidator,
  updateSelfValidator,
} from '#validators/admin'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Every admin action is audited with the address it came from. */
type FromIp = { ip: string }

/*
 * Every admin action, for both doors (the admin API and /admin pages); each
 * writes its audit row in its transaction. Inputs are the validated bodies,
 * with the request's address.
 */

/** An admin credential for an admin's e-mail and password; anyone else gets the same 400 as a wrong password. */
export async function issueAdminToken(
  input: Infer<typeof adminTokenValidator> & FromIp,
  options: ActionOptions = {}
) {
  const { email, password, ip } = input
  /* throttled as sign-in, with the same counts: a wrong password here is a failed sign-in */
  const admin = await guardSignIn(ip, email, async () => {
    const user = await User.verifyCredentials(email, password)
    if (!user.isAdmin) throw new authErrors.E_INVALID_CREDENTIALS('Invalid user credentials')
    return user
  })
  return withTransaction(options.trx, async (trx) => {
    const token = await insertAdminToken(trx, admin)
    await audit(
      admin,
      'admin_token.issued',
      { ip, details: { expiresAt: token.expiresAt.toISOString() } },
      trx
    )
    return { admin, ...token }
  })
}

/** The user an admin acts on, or a 404. */
export async function findTargetUser(id: number) {
  const user =
    Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await User.find(id) : null
  if (!user) throw ApiException.notFound()
  return user
}

/**
 * A one-hour bearer token acting as `userId`, marked as the admin's
 * masquerade. Never as an admin (oneself included): a masquerade would
 * otherwise carry another admin's moderator rights under their name.
 */
export async function masqueradeAs(
  admin: User,
  input: Infer<typeof masqueradeValidator> & FromIp & { door?: 'api' | 'web' },
  options: ActionOptions = {}
) {
  const { ip, door = 'api' } = input
  const user = await findTargetUser(input.user_id)
  if (user.isAdmin) throw ApiException.of('E_MASQUERADE_ADMIN')
  return withTransaction(options.trx, async (trx) => {
    const token = door === 'api' ? await insertMasqueradeToken(trx, user, admin) : null
    await audit(admin, 'masquerade.started', { targetUserId: user.id, ip, details: { door } }, trx)
    return { user, token }
  })
}

/** The end of a web masquerade (the browser returns to the admin). */
export async function stopMasquerade(admin: User, input: { userId: number } & FromIp) {
  await audit(admin, 'masquerade.stopped', {
    targetUserId: input.userId,
    ip: input.ip,
    details: { door: 'web' },
  })
}

/** The admin's own experiment values (known names and groups only; null removes one). */
export async function updateOwnExperiments(
  admin: User,
  input: Infer<typeof updateSelfValidator> & FromIp,
  options: ActionOptions = {}
) {
  const { ip } = input
  const changes = input.user.experiments
  return withTransaction(options.trx, async (trx) => {
    const locked = await User.query({ client: trx }).where('id', admin.id).forUpdate().firstOrFail()
    const next: Record<string, string> = { ...(locked.experiments ?? {}) }
    for (const [name, group] of Object.entries(changes)) {
      if (group === null) delete next[name]
      else next[name] = group
    }
    locked.experiments = next
    await locked.save()
    await audit(
      admin,
      'experiments.updated',
      { targetUserId: admin.id, ip, details: { changes } },
      trx
    )
    return locked
  })
}

/** Sets (true/false) or clears (null) a user's premium override. */
export async function overridePremium(
  admin: User,
  input: Infer<typeof premiumOverrideValidator> & FromIp & { id: number },
  options: ActionOptions = {}
) {
  const { id: userId, premium, ip } = input
  await findTargetUser(userId)
  return withTransaction(options.trx, async (trx) => {
    const user = await User.query({ client: trx }).where('id', userId).forUpdate().firstOrFail()
    const before = user.premiumOverride
    user.premiumOverride = premium
    await user.save()
    await audit(
      admin,
      'premium.override',
      { targetUserId: user.id, ip, details: { before, after: premium } },
      trx
    )
    return user
  })
}

/** The admin's own debug menu level on the pages. */
export async function setDebugMenu(
  admin: User,
  input: Infer<typeof debugMenuValidator> & FromIp,
  options: ActionOptions = {}
) {
  const { debug_menu: level, ip } = input
  return withTransaction(options.trx, async (trx) => {
    await trx.from('users').where('id', admin.id).update({ debug_menu: level })
    await audit(
      admin,
      'debug_menu.updated',
      { targetUserId: admin.id, ip, details: { level } },
      trx
    )
  })
}
