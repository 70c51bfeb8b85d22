import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { expireFlagCache, freshFlags, setFlagCheckInterval } from '#services/remote_flags'
import type { FlagName } from '#services/remote_flag_defaults'

/*
 * The remote flags' tests: the server runs in this process, so a test sets a
 * flag as another process would (a row written straight to the table) and
 * then ends the copy's interval (expireFlagCache) rather than waiting it out.
 */

/** Every test starts from the defaults (resetState empties remote_flags) and a copy that knows it. */
export async function resetFlags() {
  await resetState()
  /* a test that stretched the interval and failed before restoring it does not leak it */
  setFlagCheckInterval(Number(process.env.REMOTE_FLAGS_CHECK_MS ?? 5000))
  expireFlagCache()
  await freshFlags()
}

/** A flag written by "another process": the row, then this process's next check. */
export async function flagFromElsewhere(name: FlagName, value: unknown) {
  await db.rawQuery(
    `insert into remote_flags (name, value, updated_at) values (?, ?::jsonb, clock_timestamp())
     on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [name, JSON.stringify(value)]
  )
  expireFlagCache()
  await freshFlags()
}

/** A guest through the API, with their token and row. */
export async function guestSession(client: any) {
  const response = await client.post('/api/authentication/register_without_email').json({})
  if (response.status() !== 200 && response.status() !== 201)
    throw new Error(`guest: ${response.status()} ${response.text()}`)
  const token: string = response.body().token
  const user = await db.from('users').where('provider', 'guest').orderBy('id', 'desc').first()
  return { token, user: { id: user.id } as any }
}
