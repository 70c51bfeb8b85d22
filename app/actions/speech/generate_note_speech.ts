import type { Job } from 'bullmq'
import logger from '@adonisjs/core/services/logger'
import Deck from '#models/deck'
import type Media from '#models/media'
import Note from '#models/note'
import NoteSpeech from '#models/note_speech'
import { storeBytes } from '#actions/media/store_media'
import { removeStoredFiles } from '#services/stored_files'
import { SpeechError, synthesize } from '#services/media/speech'
import { readFlagNow } from '#services/remote_flags'

/* a query's update count, as the driver answers it (a number or [number]) */
const affected = (result: unknown) => Number(Array.isArray(result) ? result[0] : result) || 0

/**
 * The worker's half of text-to-speech: every pending side of a note gets its
 * audio (a WAV stored as the deck owner's media, served by /media/<key> to
 * whoever may see the deck), or "failed" with the reason's code (text over
 * 1000 characters, no voice for the language, the provider refusing). An
 * unexpected error is retried by the queue; the last attempt marks the side
 * failed. A side whose text changed while its audio was being made keeps
 * the newer text, still pending, and the audio made for the old one goes.
 * With the ai_speech remote flag off (read now: the worker's copy may be an
 * interval old) nothing is made; the sides stay pending, and a save once it
 * is back on queues them again.
 */
export async function generateNoteSpeech(payload: { noteId: number }, job?: Job) {
  if (!(await readFlagNow('ai_speech'))) return { skipped: 'ai speech off' }
  const note = await Note.find(payload.noteId)
  if (!note) return { skipped: 'note deleted' }
  const deck = await Deck.findOrFail(note.deckId)
  const rows = await NoteSpeech.query()
    .where('note_id', note.id)
    .where('state', 'pending')
    .orderBy('id')
  const lastAttempt = !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
  const done: Record<string, string> = {}
  for (const row of rows) {
    let media: Media
    try {
      const audio = await synthesize(row.text, row.language)
      media = await storeBytes(
        { id: note.userId },
        {
          deck,
          bytes: audio.bytes,
          file: {
            ext: 'wav',
            mime: audio.mime,
            kind: 'audio',
            name: `speech-${note.id}-${row.side}.wav`,
          },
        }
      )
      const updated = await NoteSpeech.query()
        .where('id', row.id)
        .where('state', 'pending')
        .where('text', row.text)
        .where('language', row.language)
        .update({
          state: 'generated',
          media_id: media.id,
          engine: audio.engine,
          error_code: null,
          updated_at: new Date(),
        })
      if (!affected(updated)) {
        await media.delete()
        await removeStoredFiles([`media/${media.key}`])
        continue
      }
      done[row.side] = 'generated'
    } catch (error) {
      const code = error instanceof SpeechError ? error.code : 'E_TTS_ENGINE'
      if (!(error instanceof SpeechError) && !lastAttempt) throw error
      logger.warn({ err: error, noteId: note.id, side: row.side, code }, 'text-to-speech failed')
      await NoteSpeech.query()
        .where('id', row.id)
        .where('state', 'pending')
        .where('text', row.text)
        .update({ state: 'failed', error_code: code, updated_at: new Date() })
      done[row.side] = code
    }
  }
  return done
}
