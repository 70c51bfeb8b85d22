import logger from '@adonisjs/core/services/logger'
import type Note from '#models/note'
import { queueJob } from '#services/durable_jobs'
import type User from '#models/user'
import { takeHourly } from '#actions/jobs/work_limits'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Queues the audio of a saved note whose speech is pending (saveNote marks
 * it), once its transaction is committed: written to the job outbox, then
 * handed to the queue (a queue away: the worker's sweep hands it later).
 * The note is saved either way: past the plan's sides an hour
 * (work_limits.ts), or should even the outbox fail, the sides stay pending
 * and the next save queues them again.
 */
export async function queueSpeech(user: User, note: Note, options: ActionOptions = {}) {
  await queueSpeechOf(user, [note], options)
}

/** The same for many notes at once (POST notes/bulk_create). */
export async function queueSpeechOf(user: User, notes: Note[], options: ActionOptions = {}) {
  const pending = notes.filter((note) => note.$extras.speechPending)
  if (!pending.length) return
  try {
    await takeHourly(user, 'speech', pending.length)
    await withTransaction(options.trx, async (trx) => {
      for (const note of pending)
        await queueJob(trx, 'generate_speech', { noteId: note.id }, note.userId)
    })
  } catch (error) {
    logger.warn(
      { err: error, notes: pending.length },
      'text-to-speech not queued now: the next save queues it'
    )
  }
}
