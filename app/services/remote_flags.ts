import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { audit } from '#services/audit'
import ApiException from '#exceptions/api_exception'
import {
  coerceFlag,
  FLAG_DEFAULTS,
  flagProblem,
  type FlagName,
  type Flags,
} from '#services/remote_flag_defaults'

/**
 * The remote flags (table remote_flags), read from an in-process copy.
 *
 * remoteFlag() and allFlags() are synchronous and never query: the hot paths
 * (the answer's daily limit, every request's maintenance and version checks)
 * read memory. freshFlags() keeps the copy current across processes (web and
 * worker): at most once per REMOTE_FLAGS_CHECK_MS (default 5 s) it asks the
 * database one aggregate (max(updated_at) and the row count), and reloads the
 * rows only when that changed. The request middleware and the worker's paths
 * that need a flag call it; setFlag() reloads its own process at once, others
 * follow within the interval. Before the first load the defaults hold.
 */
let checkMs = env.get('REMOTE_FLAGS_CHECK_MS', 5000)

let snapshot: Flags = { ...FLAG_DEFAULTS }
let stamp: string | null = null
let checkedAt = 0
let pending: Promise<void> | null = null
/** how often the copy asked the database (checks) and reloaded (loads): the tests read it */
export const flagCacheStats = { checks: 0, loads: 0 }

export function remoteFlag<Name extends FlagName>(name: Name): Flags[Name] {
  return snapshot[name]
}

export function allFlags(): Flags {
  return snapshot
}

/** Brings the copy up to date when it was last checked longer ago than the interval (or was expired). */
export function freshFlags(): Promise<void> {
  if (checkedAt && Date.now() - checkedAt < checkMs) return Promise.resolve()
  pending ??= check().finally(() => (pending = null))
  return pending
}

/**
 * The interval between checks (tests make it long, so that what they count does not depend on the machine's
 * speed); gives the previous one.
 */
export function setFlagCheckInterval(ms: number) {
  const previous = checkMs
  checkMs = ms
  return previous
}

/** The next freshFlags() asks the database again (after a change made outside setFlag, and in tests). */
export function expireFlagCache() {
  checkedAt = 0
}

async function check() {
  try {
    flagCacheStats.checks++
    const row = await db
      .from('remote_flags')
      .select(db.raw(`coalesce(max(updated_at)::text, '') || '/' || count(*) as stamp`))
      .first()
    checkedAt = Date.now()
    if (row?.stamp === stamp) return
    const rows: { name: string; value: unknown }[] = await db
      .from('remote_flags')
      .select('name', 'value')
    flagCacheStats.loads++
    const next: Flags = { ...FLAG_DEFAULTS }
    for (const { name, value } of rows) {
      if (!Object.hasOwn(FLAG_DEFAULTS, name)) continue
      const coerced = coerceFlag(name as FlagName, value)
      if (coerced !== undefined) (next as Record<string, unknown>)[name] = coerced
    }
    snapshot = next
    stamp = row?.stamp ?? null
  } catch (error) {
    /* no table yet (a fresh database) or the database is away: keep what we have, try again next interval */
    checkedAt = Date.now()
    logger.warn({ err: error }, 'remote flags: check failed')
  }
}

/**
 * One flag read from the table now, for rare paths in the worker (an
 * import's guest check) that must not act on a copy up to an interval old.
 */
export async function readFlagNow<Name extends FlagName>(
  name: Name,
  client: Pick<typeof db, 'from'> = db
): Promise<Flags[Name]> {
  const row = await client.from('remote_flags').where('name', name).select('value').first()
  const value = row ? coerceFlag(name, row.value) : undefined
  return (value === undefined ? FLAG_DEFAULTS[name] : value) as Flags[Name]
}

/**
 * Sets one flag (the admin page, the API): refuses a value of the wrong kind
 * or shape (422 E_INVALID_FLAG, its title naming what is wrong: the banner
 * and its field for `banners`), writes it with who changed it, and reloads this
 * process's copy; other processes follow at their next check.
 */
export async function setFlag<Name extends FlagName>(
  name: Name,
  value: unknown,
  admin: { id: number } | null,
  ip: string | null = null
) {
  const coerced = coerceFlag(name, value)
  if (coerced === undefined) {
    const problem = flagProblem(name, value)
    throw ApiException.of('E_INVALID_FLAG', {
      key: problem.key,
      values: { name, ...problem.values },
      field: name,
      apiField: 'value',
    })
  }
  /* the change and its audit row together: no flag change by an admin without its line in the log */
  await db.transaction(async (trx) => {
    const before = await trx
      .from('remote_flags')
      .where('name', name)
      .select('value')
      .forUpdate()
      .first()
    await trx.rawQuery(
      `insert into remote_flags (name, value, updated_by, updated_at) values (?, ?::jsonb, nullif(?, 0),
        clock_timestamp())
       on conflict (name) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at
         = excluded.updated_at`,
      [name, JSON.stringify(coerced), admin?.id ?? 0]
    )
    if (admin) {
      await audit(
        admin,
        'remote_flag.set',
        { ip, details: { name, before: before ? before.value : null, after: coerced } },
        trx
      )
    }
  })
  expireFlagCache()
  await freshFlags()
  return coerced as Flags[Name]
}
