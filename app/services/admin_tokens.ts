import { Secret } from '@adonisjs/core/helpers'
import { AccessToken } from '@adonisjs/auth/access_tokens'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'

/* A bearer token whose name starts so acts as a user for an admin (GET api/admin/masquerade). */
const MASQUERADE_PREFIX = 'masquerade:'
const MASQUERADE_MINUTES = 60

type TokenKind = { type: string; prefix: string; name: string; expiresIn: string }

/**
 * A token row written in the caller's transaction (the providers write with
 * their own connection), so the audit row and the token stand or fall together.
 */
async function insertToken(trx: TransactionClientContract, user: User, kind: TokenKind) {
  const fresh = AccessToken.createTransientToken(user.id, 40, kind.expiresIn)
  const [row] = await trx
    .table('auth_access_tokens')
    .insert({
      tokenable_id: user.id,
      type: kind.type,
      name: kind.name,
      hash: fresh.hash,
      abilities: JSON.stringify(['*']),
      created_at: new Date(),
      updated_at: new Date(),
      last_used_at: null,
      expires_at: fresh.expiresAt ?? null,
    })
    .returning(['id', 'expires_at'])
  const token = new AccessToken({
    identifier: row.id,
    tokenableId: user.id,
    type: kind.type,
    prefix: kind.prefix,
    secret: new Secret(fresh.secret.release()),
    name: kind.name,
    hash: fresh.hash,
    abilities: ['*'],
    createdAt: new Date(),
    updatedAt: new Date(),
    lastUsedAt: null,
    expiresAt: row.expires_at,
  })
  return { value: token.value!.release(), expiresAt: new Date(row.expires_at) }
}

/** The admin credential of `admin` (12 hours). */
export function insertAdminToken(trx: TransactionClientContract, admin: User) {
  return insertToken(trx, admin, {
    type: 'admin_token',
    prefix: 'mna_',
    name: 'admin',
    expiresIn: '12 hours',
  })
}

/** A bearer token acting as `user` for `admin`: one hour, never succeeded (api_auth_middleware). */
export function insertMasqueradeToken(trx: TransactionClientContract, user: User, admin: User) {
  return insertToken(trx, user, {
    type: 'auth_token',
    prefix: 'mnm_',
    name: `${MASQUERADE_PREFIX}${admin.id}`,
    expiresIn: `${MASQUERADE_MINUTES} minutes`,
  })
}

/** The admin a masquerade token acts for, or null for the user's own tokens. */
export function masqueradingAdminId(token: AccessToken) {
  const name = token.name ?? ''
  return name.startsWith(MASQUERADE_PREFIX) ? Number(name.slice(MASQUERADE_PREFIX.length)) : null
}

/**
 * The admin behind an Admin-Authorization header (`Bearer mna_…` or the bare
 * token): null for a missing, bad or expired token, or one whose owner is no
 * longer an admin.
 */
export async function adminFromHeader(header: string | undefined) {
  const value = header?.replace(/^Bearer\s+/i, '').trim()
  if (!value || value.length > 200) return null
  const token = await User.adminTokens.verify(new Secret(value))
  if (!token) return null
  const admin = await User.find(token.tokenableId as number)
  return admin?.isAdmin ? { admin, token: value } : null
}
