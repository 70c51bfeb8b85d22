import type { Infer } from '@vinejs/vine/types'
import type { bulkCreateValidator } from '#validators/content'
import NoteType from '#models/note_type'
import type Note from '#models/note'
import type User from '#models/user'
import { saveNote } from '#actions/notes/save_note'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueSpeechOf } from '#actions/speech/queue_speech'
import { MAX_REMOTE_IMAGES_PER_BATCH, fetchRemoteImages } from '#actions/media/store_remote_images'

/**
 * Creates notes from front/back pairs (import data) in one transaction: all
 * of them or, on any error (a bad row, the card limit), none.
 */
export async function bulkCreateNotes(
  user: User,
  input: Infer<typeof bulkCreateValidator>,
  options: ActionOptions = {}
) {
  const rows = input.import_data
  /* fetched before the transaction: a slow image host holds no pool connection */
  const remoteImages = await fetchRemoteImages(
    rows.flatMap((row) => [row.front, row.back]),
    { max: MAX_REMOTE_IMAGES_PER_BATCH }
  )
  return withTransaction(options.trx, async (trx) => {
    const deck = await findEditableDeck(user, input.deck_id, trx)
    let type = input.template_id
    if (!type) {
      const basic = await NoteType.query({ client: trx })
        .whereNull('user_id')
        .where('kind', 'basic')
        .firstOrFail()
      type = basic.id
    }
    const notes: Note[] = []
    for (const row of rows) {
      notes.push(
        await saveNote(
          user,
          { deck, noteTypeId: type, fields: { Front: row.front, Back: row.back }, remoteImages },
          trx
        )
      )
    }
    /* a deck with text-to-speech on: the new notes' audio, once they are committed */
    afterCommit(trx, () => queueSpeechOf(user, notes))
    return notes
  })
}
