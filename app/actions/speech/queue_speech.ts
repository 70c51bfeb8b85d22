import logger from '@adonisjs/core/services/logger'
import type Note from '#models/note'
import { dispatch, getQueue, type JobPayload } from '#services/queue'

/**
 * Queues the audio of a saved note whose speech is pending (SaveNote marks
 * it), once its transaction is committed. The note is saved either way: a
 * queue that cannot be reached leaves the sides pending, and the next save
 * queues them again.
 */
export async function queueSpeech(note: Note) {
  if (!note.$extras.speechPending) return
  try {
    await dispatch('generate_speech', { noteId: note.id })
  } catch (error) {
    logger.error({ err: error, noteId: note.id }, 'text-to-speech could not be queued')
  }
}

/** The same for many notes at once (POST notes/bulk_create): one round trip to the queue. */
export async function queueSpeechOf(notes: Note[]) {
  const pending = notes.filter((note) => note.$extras.speechPending)
  if (!pending.length) return
  try {
    await getQueue().addBulk(pending.map((note) => ({ name: 'generate_speech', data: { noteId: note.id } satisfies JobPayload<'generate_speech'> })))
  } catch (error) {
    logger.error({ err: error, notes: pending.length }, 'text-to-speech could not be queued')
  }
}
