import { handOffLostJobs } from '#services/durable_jobs'
import type { JobPayload } from '#services/queue'

/**
 * Scheduled every minute by the worker (see SCHEDULES in app/services/queue.ts): accepted jobs the queue lost
 * go to it again.
 */
export default async function handOffJobsJob(payload: JobPayload<'hand_off_jobs'>) {
  return handOffLostJobs(payload.olderThanMs)
}
