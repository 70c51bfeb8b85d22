import { Queue, Worker, createPostgresBackend, type Job } from 'bullmq'
import { databaseConnection } from '#config/database'
import { redisUrl } from '#config/redis'
import logger from '@adonisjs/core/services/logger'

/**
 * Background jobs on BullMQ: its Redis backend when REDIS_URL is set, its
 * PostgreSQL backend (schema "bullmq" in the app database) otherwise, so the
 * embedded default runs a real worker too.
 */
export const QUEUE_NAME = 'default'

export type JobHandler = (payload: any, job: Job) => Promise<unknown>

/* name → lazily imported handler; jobs are thin and call one action */
const registry: Record<string, () => Promise<{ default: JobHandler }>> = {
  send_mail: () => import('#jobs/send_mail'),
  duplicate_deck: () => import('#jobs/duplicate_deck'),
  move_notes: () => import('#jobs/move_notes'),
  reverse_notes: () => import('#jobs/reverse_notes'),
  fit_fsrs: () => import('#jobs/fit_fsrs'),
  export_deck: () => import('#jobs/export_deck'),
  import_deck: () => import('#jobs/import_deck'),
  prune_access_tokens: () => import('#jobs/prune_access_tokens'),
  sweep_storage: () => import('#jobs/sweep_storage'),
}
export type JobName = keyof typeof registry

/*
 * recurring jobs: every worker registers them at start (an upsert, so many
 * workers make one schedule). A new schedule runs at once unless `later`:
 * then its first run is one interval away.
 */
export const SCHEDULES: { name: JobName; everyMs: number; later?: boolean }[] = [
  { name: 'prune_access_tokens', everyMs: 60 * 60 * 1000 },
  /* files no row needs any more (app/actions/maintenance/sweep_storage.ts) */
  { name: 'sweep_storage', everyMs: 6 * 60 * 60 * 1000, later: true },
]

const defaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
}

function backend() {
  if (redisUrl) {
    return { connection: { url: redisUrl, maxRetriesPerRequest: null } as any, factory: undefined }
  }
  const pg = databaseConnection()
  return {
    connection: { ...pg, schema: 'bullmq', migrate: true, max: 5 } as any,
    factory: createPostgresBackend,
  }
}

let queue: Queue | undefined

export function getQueue() {
  if (!queue) {
    const { connection, factory } = backend()
    queue = new Queue(QUEUE_NAME, { connection, defaultJobOptions }, factory as any)
  }
  return queue
}

export async function dispatch(name: JobName, payload: unknown) {
  return getQueue().add(name, payload)
}

export function startWorker(concurrency = 4) {
  const { connection, factory } = backend()
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const load = registry[job.name]
      if (!load) throw new Error(`Unknown job "${job.name}"`)
      const { default: handler } = await load()
      return handler(job.data, job)
    },
    { connection, concurrency },
    factory as any
  )
  worker.on('failed', (job, error) => {
    logger.error({ err: error, job: job?.name, attempts: job?.attemptsMade }, 'job failed')
  })
  return worker
}

export async function scheduleRecurringJobs() {
  for (const { name, everyMs, later } of SCHEDULES) {
    /* startDate counts only for a new schedule: an existing one keeps its next run */
    const repeat = { every: everyMs, ...(later ? { startDate: Date.now() + everyMs } : {}) }
    await getQueue().upsertJobScheduler(name, repeat, { name, data: {}, opts: { attempts: 1 } })
  }
}

export async function closeQueue() {
  await queue?.close()
  queue = undefined
}
