import type User from '#models/user'
import { saveNote } from '#actions/notes/save_note'
import { noteContentOf, type NoteBody } from '#actions/notes/note_content'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueSpeech } from '#actions/speech/queue_speech'
import { withRemoteImages } from '#actions/media/store_remote_images'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/** The validated note (POST notes' `note`, the web editor's form) and the deck it goes into. */
export type CreateNoteInput = NoteBody & { template_id: number; deck_id: unknown }

/**
 * POST notes and the web editor's "Add": a new note in the deck, in its own
 * transaction with the deck's row locked (findEditableDeck), so the card
 * limit counts racing saves one after another (save_note.ts).
 */
export async function createNote(user: User, input: CreateNoteInput, options: ActionOptions = {}) {
  /* fetched before the transaction: a slow image host holds no pool connection */
  const ready = await withRemoteImages({ ...noteContentOf(input), noteTypeId: input.template_id })
  return withTransaction(options.trx, async (trx) => {
    const deck = await findEditableDeck(user, input.deck_id, trx)
    const note = await saveNote(user, { ...ready, deck }, trx)
    afterCommit(trx, () => queueSpeech(user, note))
    return note
  })
}
