import { AI_QUEUE_NAME, QUEUE_NAME, dispatchesSettled, getQueue } from '#services/queue'
import { eventually } from '#tests/support/eventually'

/**
 * Runs `work` with every job queue paused (the main one and the AI
 * streams'), so that nothing it dispatches runs; afterwards the jobs it
 * queued are dropped and the queues resume. For calls whose job must never
 * run, or must stay waiting while a test counts them.
 */
export async function withQueuePaused<T>(work: () => Promise<T>): Promise<T> {
  const queues = [getQueue(QUEUE_NAME), getQueue(AI_QUEUE_NAME)]
  await Promise.all(queues.map((queue) => queue.pause()))
  try {
    return await work()
  } finally {
    /* jobs dispatched after a commit are not awaited by their callers: in the queue before it is emptied */
    await dispatchesSettled()
    for (const queue of queues) {
      await queue.drain(true)
      await queue.resume()
    }
  }
}

/**
 * Waits until every job dispatched so far has run: nothing waiting or
 * active in the main queue (mails, exports, speech...). What a test
 * asserts did NOT happen (no mail sent) is asserted after this, not after
 * a fixed sleep.
 */
export async function jobsSettled() {
  await dispatchesSettled()
  const queue = getQueue(QUEUE_NAME)
  await eventually(async () => {
    /* not 'delayed': the recurring schedules always wait there (SCHEDULES in app/services/queue.ts) */
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized')
    return Object.values(counts).every((count) => count === 0)
  }, 'the queued jobs ran')
}
