import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'

/**
 * What one learner may have the server do for them (issue 27, "one learner
 * cannot take the service down"), in one table: per kind of work and plan,
 * how many may wait or run at once (`atOnce`: the rows counted under the
 * learner's lock, so parallel requests never pass it) and how many may be
 * asked for in an hour (`perHour`: the rate limiter, 429 with the real
 * Retry-After). Checked inside the actions that start the work, so both
 * doors get it. Text-to-speech has no `atOnce`: it is queued by note saves,
 * which are never refused for it (over the hour's count, the sides stay
 * pending and the next save queues them).
 */
export type WorkKind = 'import' | 'export' | 'ai' | 'ocr' | 'speech'
type Limits = { atOnce: number; perHour?: number }

export const WORK_LIMITS: Record<WorkKind, { free: Limits; premium: Limits }> = {
  import: { free: { atOnce: 3, perHour: 10 }, premium: { atOnce: 5, perHour: 60 } },
  /* exports count by the day instead (20 in any 24 hours, create_export.ts): each mails a link */
  export: { free: { atOnce: 5 }, premium: { atOnce: 5 } },
  ai: { free: { atOnce: 1, perHour: 10 }, premium: { atOnce: 3, perHour: 60 } },
  /* scans run in the web process (tesseract's thread): `atOnce` counts the scans in progress */
  ocr: { free: { atOnce: 1, perHour: 20 }, premium: { atOnce: 2, perHour: 200 } },
  /* note sides spoken */
  speech: {
    free: { atOnce: Infinity, perHour: 300 },
    premium: { atOnce: Infinity, perHour: 3_000 },
  },
}

function limitsFor(user: User, kind: WorkKind) {
  return WORK_LIMITS[kind][user.hasPremium ? 'premium' : 'free']
}

/* what counts as waiting or running, per kind of work kept as rows */
const PENDING: Record<'import' | 'export' | 'ai', { table: string; statuses: string[] }> = {
  import: { table: 'deck_imports', statuses: ['queued', 'processing'] },
  export: { table: 'deck_exports', statuses: ['queued', 'processing'] },
  ai: { table: 'ai_streams', statuses: ['queued', 'running'] },
}

/* the first key of the advisory lock that serializes one learner's starts of work (exports used 4_205 alone) */
const WORK_LOCK = 4_205

/** One learner's starts of work, one after another (until the transaction ends). */
export async function lockLearnerWork(user: User, trx: TransactionClientContract) {
  await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [WORK_LOCK, user.id])
}

/* past `atOnce`: 429, its body saying to wait for one to end (when that is, nobody knows: no Retry-After) */
const TOO_MANY: Record<Exclude<WorkKind, 'speech'>, (max: number) => ApiException> = {
  import: (max) => ApiException.of('E_TOO_MANY_JOBS', { values: { max } }),
  ai: (max) => ApiException.of('E_TOO_MANY_JOBS', { key: 'too_many_generations', values: { max } }),
  ocr: (max) => ApiException.of('E_TOO_MANY_JOBS', { key: 'too_many_scans', values: { max } }),
  export: (max) => ApiException.of('E_TOO_MANY_EXPORTS', { values: { max } }),
}

const tooManyJobs = (kind: Exclude<WorkKind, 'speech'>, max: number) => TOO_MANY[kind](max)

/**
 * Refuses (429) a learner's new import, export or AI generation while
 * `atOnce` of them wait or run. Inside the transaction that writes the new
 * row: the learner's lock first, so of twenty parallel requests no more
 * than the cap get through. `except`: a row already counted (a retry).
 */
export async function assertRoomFor(
  user: User,
  kind: keyof typeof PENDING,
  trx: TransactionClientContract,
  except?: number
) {
  await lockLearnerWork(user, trx)
  const { table, statuses } = PENDING[kind]
  const query = trx.from(table).where('user_id', user.id).whereIn('status', statuses)
  if (except) query.whereNot('id', except)
  const counted = await query.count('* as count').first()
  const pending = Number(counted.count)
  const { atOnce } = limitsFor(user, kind)
  if (pending >= atOnce) throw tooManyJobs(kind, atOnce)
}

const hourly = (perHour: number) => limiter.use({ requests: perHour, duration: '1 hour' })

/**
 * Counts `amount` of the learner's hour of `kind` (429 E_TOO_MANY_REQUESTS
 * with Retry-After past it). A rate-limit store out of reach lets the work
 * through (the caps above live in PostgreSQL and still hold).
 */
export async function takeHourly(user: User, kind: WorkKind, amount = 1) {
  const { perHour } = limitsFor(user, kind)
  if (!perHour) return
  try {
    await hourly(perHour).consume(`work:${kind}:${user.id}`, amount)
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) throw error
    logger.warn({ err: error, kind }, 'the rate limits cannot be reached: the work goes through')
  }
}

/**
 * Runs a call-type work (a scan) with the learner's `atOnce` counted while
 * it runs: past it, 429 E_TOO_MANY_JOBS. The count lives in the rate
 * limiter's store (atomic there), released when the call ends, and expires
 * by itself should the process die mid-call.
 */
export async function withRunningSlot<T>(user: User, kind: 'ocr', work: () => Promise<T>) {
  const { atOnce } = limitsFor(user, kind)
  const slots = limiter.use({ requests: atOnce, duration: '2 mins' })
  const key = `running:${kind}:${user.id}`
  let taken = false
  try {
    await slots.consume(key)
    taken = true
  } catch (error) {
    /* a refused take counts in the store too: given back, or the learner's slots would stay full */
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      await slots.decrement(key).catch(() => {})
      throw tooManyJobs(kind, atOnce)
    }
    logger.warn({ err: error, kind }, 'the rate limits cannot be reached: the work goes through')
  }
  try {
    return await work()
  } finally {
    if (taken) await slots.decrement(key).catch(() => {})
  }
}
