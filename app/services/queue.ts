import { Queue, createPostgresBackend } from 'bullmq'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'
import { databaseConnection } from '#config/database'
import { redisUrl } from '#config/redis'
import logger from '@adonisjs/core/services/logger'

/**
 * Background jobs on BullMQ: its Redis backend when REDIS_URL is set, its
 * PostgreSQL backend (schema "bullmq" in the app database) otherwise, so the
 * embedded default runs a real worker too.
 *
 * This module knows the jobs' names and payloads only: whoever dispatches
 * imports it, and nothing here imports a job or an action. The worker side
 * (app/services/worker.ts) runs the handlers of app/jobs/registry.ts, which
 * `node ace queue:work` hands it (no service imports a job), typed
 * against these payloads, so a misspelled name or a wrong payload does not
 * compile on either side.
 */
export const QUEUE_NAME = 'default'
/*
 * AI streams run on a queue of their own, whose worker notices a dead worker's
 * stream within seconds (app/services/worker.ts); the other jobs keep BullMQ's
 * 30 s locks, which a long synchronous step (an FSRS fit) must not outlive.
 */
export const AI_QUEUE_NAME = 'ai'

/* the scheduled jobs take nothing */
type NoPayload = Record<string, never>

/** Every job and what it is dispatched with. */
export interface JobPayloads {
  /** a mail compiled by the web process (the queue messenger in the app provider) */
  send_mail: { message: NodeMailerMessage; views: MessageBodyTemplates }
  duplicate_deck: { deckId: number; sourceId: number; userId: number; keepProgress: boolean }
  move_notes: { deckId: number; noteIds: number[]; destinationId: number }
  reverse_notes: { deckId: number; noteIds: number[]; reverse: boolean }
  fit_fsrs: { userId: number }
  export_deck: { exportId: number }
  import_deck: { importId: number; attempt: number }
  /** an AI generation run (app/actions/ai/run_stream.ts) */
  ai_stream: { streamId: number }
  prune_access_tokens: NoPayload
  /** the Idempotency-Keys past their 24 hours (app/services/idempotency.ts) */
  prune_idempotency_keys: NoPayload
  sweep_storage: NoPayload
  count_library_studiers: NoPayload
  /** each deck's rows of deck_card_tallies folded into one (app/actions/maintenance/compact_deck_card_tallies.ts) */
  compact_deck_card_tallies: NoPayload
  expire_premium_grace: NoPayload
  /** a note's pending text-to-speech sides (app/actions/speech/generate_note_speech.ts) */
  generate_speech: { noteId: number }
  /** the study-reminder scan; `now` (ISO) only from tests, a fake clock */
  send_study_reminders: { now?: string }
  /** the jobs written durably that the queue does not have, handed to it again (app/services/durable_jobs.ts) */
  hand_off_jobs: { olderThanMs?: number }
}

export type JobName = keyof JobPayloads
export type JobPayload<Name extends JobName> = JobPayloads[Name]

/** The jobs that work on one deck (app/actions/decks/deck_jobs.ts): their payload names it. */
export type DeckJobName = {
  [Name in JobName]: JobPayloads[Name] extends { deckId: number } ? Name : never
}[JobName]

/*
 * recurring jobs: every worker registers them at start (an upsert, so many
 * workers make one schedule). A new schedule runs at once unless `later`:
 * then its first run is one interval away.
 */
export const SCHEDULES: {
  name: { [Name in JobName]: NoPayload extends JobPayloads[Name] ? Name : never }[JobName]
  everyMs: number
  later?: boolean
}[] = [
  { name: 'prune_access_tokens', everyMs: 60 * 60 * 1000 },
  { name: 'prune_idempotency_keys', everyMs: 60 * 60 * 1000 },
  /* files no row needs any more (app/actions/maintenance/sweep_storage.ts) */
  { name: 'sweep_storage', everyMs: 6 * 60 * 60 * 1000, later: true },
  /* library decks' studiers (app/actions/library/count_studiers.ts) */
  { name: 'count_library_studiers', everyMs: 60 * 60 * 1000 },
  /* each deck's card count in one row again (app/actions/maintenance/compact_deck_card_tallies.ts) */
  { name: 'compact_deck_card_tallies', everyMs: 60 * 60 * 1000 },
  /*
   * a failing subscription's 3-day grace ends even without a further Stripe event
   * (app/actions/payments/expire_grace.ts)
   */
  { name: 'expire_premium_grace', everyMs: 60 * 60 * 1000 },
  /* study reminders whose time has come (app/actions/client/study_reminders.ts): each is due for an hour, sent once */
  { name: 'send_study_reminders', everyMs: 5 * 60 * 1000 },
  /*
   * accepted jobs the queue lost or never got (it was away): handed again, never twice
   * (app/services/durable_jobs.ts)
   */
  { name: 'hand_off_jobs', everyMs: 60 * 1000 },
]

const defaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
}

/* tests point the web process's queue elsewhere (a closed port: the queue is away); undefined: the configured one */
let redisOverride: string | undefined

/** Where the queue lives: the queue and the worker connect the same way. */
export function queueBackend() {
  const url = redisOverride ?? redisUrl
  if (url) {
    return { connection: { url, maxRetriesPerRequest: null } as any, factory: undefined }
  }
  const pg = databaseConnection()
  return {
    connection: { ...pg, schema: 'bullmq', migrate: true, max: 5 } as any,
    factory: createPostgresBackend,
  }
}

/** The queue a job goes to. */
export function queueOf(name: JobName) {
  return name === 'ai_stream' ? AI_QUEUE_NAME : QUEUE_NAME
}

const queues = new Map<string, Queue>()

export function getQueue(queueName = QUEUE_NAME) {
  let queue = queues.get(queueName)
  if (!queue) {
    const { connection, factory } = queueBackend()
    queue = new Queue(queueName, { connection, defaultJobOptions }, factory as any)
    /*
     * a queue that cannot be reached is an answer to wait for (durable_jobs.ts), never an uncaught 'error'
     * that ends the process
     */
    queue.on('error', (error) => logger.warn({ err: error }, 'the queue cannot be reached'))
    queues.set(queueName, queue)
  }
  return queue
}

/** Tests only: the web process's queues on another Redis (a closed port), or back on their own with none. */
export async function useQueueRedis(url?: string) {
  const away = [...queues.values()]
  queues.clear()
  redisOverride = url
  /* a queue that never reached its Redis may not close cleanly: it is dropped either way */
  await Promise.race([
    Promise.all(away.map((queue) => queue.close())),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]).catch(() => {})
}

/* jobs on their way into the queue: most callers dispatch after a commit without waiting */
const adding = new Set<Promise<unknown>>()

export async function dispatch<Name extends JobName>(
  name: Name,
  payload: JobPayloads[Name],
  options?: { jobId?: string }
) {
  const added = getQueue(queueOf(name)).add(name, payload, options)
  adding.add(added)
  void added.finally(() => adding.delete(added)).catch(() => {})
  return added
}

/**
 * Resolves once every job dispatched so far is in the queue. On Redis the
 * adds of one process arrive in order on its one connection; on the
 * PostgreSQL backend they go through a pool, so a pause, drain or resume
 * sent after a dispatch may reach the queue before it (tests that pause the
 * queue wait for this first).
 */
export async function dispatchesSettled() {
  await Promise.allSettled([...adding])
}

export async function scheduleRecurringJobs() {
  for (const { name, everyMs, later } of SCHEDULES) {
    /* startDate counts only for a new schedule: an existing one keeps its next run */
    const repeat = { every: everyMs, ...(later ? { startDate: Date.now() + everyMs } : {}) }
    await getQueue().upsertJobScheduler(name, repeat, { name, data: {}, opts: { attempts: 1 } })
  }
}

export async function closeQueue() {
  const open = [...queues.values()]
  queues.clear()
  await Promise.all(open.map((queue) => queue.close()))
}
