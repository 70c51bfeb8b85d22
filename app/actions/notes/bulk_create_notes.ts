import db from '@adonisjs/lucid/services/db'
import NoteType from '#models/note_type'
import type User from '#models/user'
import SaveNote from '#actions/notes/save_note'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueSpeechOf } from '#actions/speech/queue_speech'
import { MAX_REMOTE_IMAGES_PER_BATCH, fetchRemoteImages } from '#actions/media/store_remote_images'

/**
 * Creates notes from front/back pairs (import data) in one transaction: all
 * of them or, on any error (a bad row, the card limit), none.
 */
export default class BulkCreateNotes {
  async handle(user: User, deckId: unknown, rows: { front: string; back: string }[], noteTypeId?: number) {
    /* fetched before the transaction: a slow image host holds no pool connection */
    const remoteImages = await fetchRemoteImages(rows.flatMap((row) => [row.front, row.back]), { max: MAX_REMOTE_IMAGES_PER_BATCH })
    const created = await db.transaction(async (trx) => {
      const deck = await findEditableDeck(user, deckId, trx)
      const basic = noteTypeId ? null : await NoteType.query({ client: trx }).whereNull('user_id').where('kind', 'basic').firstOrFail()
      const type = noteTypeId ?? basic!.id
      const save = new SaveNote()
      const notes = []
      for (const row of rows) {
        notes.push(await save.handle(user, deck, { noteTypeId: type, fields: { Front: row.front, Back: row.back }, remoteImages }, trx))
      }
      return notes
    })
    /* a deck with text-to-speech on: the new notes' audio, once they are committed */
    await queueSpeechOf(user, created)
    return created
  }
}
