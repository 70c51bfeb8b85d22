import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { AI_QUEUE_NAME, QUEUE_NAME, queueBackend } from '#services/queue'
import { ownerOfJob, settleJob } from '#services/durable_jobs'

/**
 * What runs a job the worker took: the job registry's runJob (app/jobs/registry.ts), handed in by `node ace
 * queue:work`.
 */
export type JobRunner = (job: Job) => Promise<unknown>

/* a job whose learner has their share running waits this long, then takes its place at the back of the queue */
const TURN_DELAY_MS = 1_000

/** The most jobs of one learner a worker runs at once: half its slots, so others always find one. */
function perLearnerShare(concurrency: number) {
  return Math.max(1, Math.floor(concurrency / 2))
}

/**
 * The worker's processor, fair between learners: a job whose learner (named
 * by its outbox job id) already has their share running in this worker goes
 * back to the queue for a moment (delayed, not an attempt), so one
 * learner's many jobs never hold every slot. A job from the outbox settles
 * its row when it ends, done or failed for good.
 */
function fairProcessor(runJob: JobRunner, concurrency: number) {
  const running = new Map<number, number>()
  const share = perLearnerShare(concurrency)
  return async (job: Job, token?: string) => {
    const owner = ownerOfJob(job.id)
    if (owner !== null) {
      if ((running.get(owner) ?? 0) >= share) {
        await job.moveToDelayed(Date.now() + TURN_DELAY_MS, token)
        throw new DelayedError()
      }
      running.set(owner, (running.get(owner) ?? 0) + 1)
    }
    try {
      const result = await runJob(job)
      await settleJob(job)
      return result
    } catch (error) {
      const lastAttempt =
        error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (lastAttempt) await settleJob(job)
      throw error
    } finally {
      if (owner !== null) {
        const left = (running.get(owner) ?? 1) - 1
        if (left > 0) running.set(owner, left)
        else running.delete(owner)
      }
    }
  }
}

/*
 * An AI stream's lock is renewed every 5 s and lapses after 10; the stalled
 * check runs every 5 s: a killed worker's stream goes on in another within
 * about 15 s (BullMQ's defaults, 30 s and 30 s, made it about a minute).
 * Its steps (a provider's piece, one note's transaction) are short.
 */
const AI_LOCKS = { lockDuration: 10_000, stalledInterval: 5_000 }

/*
 * The jobs queue keeps BullMQ's defaults (a lock of 30 s, a stalled check every 30 s): a killed worker's
 * import starts again in another within about a minute. WORKER_LOCK_MS and WORKER_STALLED_CHECK_MS shorten
 * that where a minute is only waiting (the test that kills a worker mid-import, which then waits seconds).
 */
function jobLocks() {
  return {
    lockDuration: env.get('WORKER_LOCK_MS', 30_000),
    stalledInterval: env.get('WORKER_STALLED_CHECK_MS', 30_000),
  }
}

/**
 * The worker side of the queues (`node ace queue:work`): takes jobs and runs
 * them through `runJob`, one learner's share at a time across both. The
 * command hands the registry in: a service knows no job.
 */
export function startWorker(runJob: JobRunner, concurrency = 4) {
  const { connection, factory } = queueBackend()
  const processor = fairProcessor(runJob, concurrency)
  const workers = [
    new Worker(QUEUE_NAME, processor, { connection, concurrency, ...jobLocks() }, factory as any),
    new Worker(AI_QUEUE_NAME, processor, { connection, concurrency, ...AI_LOCKS }, factory as any),
  ]
  for (const worker of workers) {
    worker.on('failed', (job, error) => {
      logger.error({ err: error, job: job?.name, attempts: job?.attemptsMade }, 'job failed')
    })
  }
  return {
    waitUntilReady: () => Promise.all(workers.map((worker) => worker.waitUntilReady())),
    close: () => Promise.all(workers.map((worker) => worker.close())),
  }
}
