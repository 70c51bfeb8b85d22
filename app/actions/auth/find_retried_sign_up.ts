import { createHmac } from 'node:crypto'
import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { guardSignIn } from '#services/auth_throttle'
import { appKey } from '#config/app'

/** How long after an e-mail sign-up the same one sent again is its retry (docs/decisions/0084-idempotent-posts.md). */
const SIGN_UP_RETRY_MINUTES = 10

const NO_MATCH = Symbol('no match')

/*
 * Copies of one sign-up sent at once (a client retrying in a burst) share one
 * password check in this process: each check counts against the sign-in limit
 * before it runs (services/auth_throttle.ts), so ten at once would pass its 5
 * and block the address. Keyed by the e-mail and an HMAC of the password;
 * forgotten once answered.
 */
const checking = new Map<string, Promise<User | null>>()

/* an account no answer of its own has reached yet: made by e-mail sign-up just now, none of its tokens ever used */
async function unclaimed(user: User) {
  if (user.provider !== 'email' || !user.password) return false
  if (user.createdAt < DateTime.now().minus({ minutes: SIGN_UP_RETRY_MINUTES })) return false
  const used = await db
    .from('auth_access_tokens')
    .where('tokenable_id', user.id)
    .whereNotNull('last_used_at')
    .first()
  return !used
}

/**
 * A sign-up sent again without an Idempotency-Key (its first answer lost):
 * the account the first one made, when it is the same e-mail AND the same
 * password, and either the request's bearer is that account already (a
 * guest's upgrade sent again) or the account is minutes old and has never
 * been used. The password check is a sign-in's: counted and throttled as
 * one (guardSignIn). Null otherwise: the address is taken.
 */
export async function findRetriedSignUp(
  current: User | null,
  input: { email: string; password: string; ip: string }
) {
  const email = input.email.toLowerCase()
  const user = await User.findBy('email', email)
  if (!user?.password) return null
  if (current?.id !== user.id && !(await unclaimed(user))) return null
  const key = `${email}\0${createHmac('sha256', appKey.release()).update(input.password).digest('hex')}`
  let check = checking.get(key)
  if (!check) {
    check = guardSignIn(input.ip, email, async () => {
      if (!(await hash.use('scrypt').verify(user.password!, input.password))) throw NO_MATCH
      return user
    })
      .catch((error) => {
        if (error === NO_MATCH) return null
        throw error
      })
      .finally(() => checking.delete(key))
    checking.set(key, check)
  }
  return check
}
