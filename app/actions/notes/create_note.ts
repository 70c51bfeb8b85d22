import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import SaveNote from '#actions/notes/save_note'
import type { NoteInput } from '#actions/notes/note_content'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueSpeech } from '#actions/speech/queue_speech'
import { withRemoteImages } from '#actions/media/store_remote_images'

/**
 * POST notes and the web editor's "Add": a new note in the deck, in its own
 * transaction with the deck's row locked (findEditableDeck), so the card
 * limit counts racing saves one after another (save_note.ts).
 */
export async function createNote(user: User, deckId: unknown, input: NoteInput) {
  /* fetched before the transaction: a slow image host holds no pool connection */
  const ready = await withRemoteImages(input)
  const note = await db.transaction(async (trx) => {
    const deck = await findEditableDeck(user, deckId, trx)
    return new SaveNote().handle(user, deck, ready, trx)
  })
  await queueSpeech(user, note)
  return note
}
