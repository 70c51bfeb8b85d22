import { AI_QUEUE_NAME, QUEUE_NAME, dispatchesSettled, getQueue } from '#services/queue'

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
