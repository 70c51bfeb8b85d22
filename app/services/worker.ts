import { Worker } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import { AI_QUEUE_NAME, QUEUE_NAME, queueBackend } from '#services/queue'
import { runJob } from '#jobs/registry'

/*
 * An AI stream's lock is renewed every 5 s and lapses after 10; the stalled
 * check runs every 5 s: a killed worker's stream goes on in another within
 * about 15 s (BullMQ's defaults, 30 s and 30 s, made it about a minute).
 * Its steps (a provider's piece, one note's transaction) are short.
 */
const AI_LOCKS = { lockDuration: 10_000, stalledInterval: 5_000 }

/** The worker side of the queues (`node ace queue:work`): takes jobs and runs their handlers. */
export function startWorker(concurrency = 4) {
  const { connection, factory } = queueBackend()
  const workers = [
    new Worker(QUEUE_NAME, runJob, { connection, concurrency }, factory as any),
    new Worker(AI_QUEUE_NAME, runJob, { connection, concurrency, ...AI_LOCKS }, factory as any),
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
