import { Worker } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import { QUEUE_NAME, queueBackend } from '#services/queue'
import { runJob } from '#jobs/registry'

/** The worker side of the queue (`node ace queue:work`): takes jobs and runs their handlers. */
export function startWorker(concurrency = 4) {
  const { connection, factory } = queueBackend()
  const worker = new Worker(QUEUE_NAME, runJob, { connection, concurrency }, factory as any)
  worker.on('failed', (job, error) => {
    logger.error({ err: error, job: job?.name, attempts: job?.attemptsMade }, 'job failed')
  })
  return worker
}
