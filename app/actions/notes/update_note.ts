import Note from '#models/note'
import type User from '#models/user'
import { saveNote } from '#actions/notes/save_note'
import { noteContentOf, type NoteBody, type NoteInput } from '#actions/notes/note_content'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueSpeech } from '#actions/speech/queue_speech'
import { withRemoteImages } from '#actions/media/store_remote_images'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/** An edit as a request sends it: `fields` always; what it leaves out the note keeps (keptFrom). */
export type NoteChanges = Omit<NoteInput, 'noteTypeId'> & { noteTypeId?: number }

/**
 * The one rule for what an edit leaves out, for every door (PUT notes/{id},
 * the web editor, PUT cards/{id}): the spec's partial update. The note type,
 * the occlusion masks (`field_attachments_map`, null as absent) and the
 * reversed flag stay as they are unless sent; `fields` is the note's whole
 * content, so a field it does not name is empty. The web editor sends all of
 * them, so it gets the same note either way.
 */
export function keptFrom(note: Note, changes: NoteChanges): NoteInput {
  return {
    noteTypeId: changes.noteTypeId ?? note.noteTypeId,
    fields: changes.fields,
    fieldAttachmentsMap: changes.fieldAttachmentsMap ?? note.fieldAttachmentsMap,
    reverse: changes.reverse ?? note.isReversed,
    ...(changes.remoteImages ? { remoteImages: changes.remoteImages } : {}),
  }
}

/** The validated edit (PUT notes' `note`, the web editor's form) and the note the door found. */
export type UpdateNoteInput = NoteBody & { note: { id: number; deckId: number } }

/**
 * Saves an edit of a note the caller found (findNote: a 404 comes before
 * anything else), in its own transaction: the deck's row locked first
 * (findEditableDeck: archived or busy decks refuse), then the note's, which
 * is read again under the lock, so two saves of one note run one after the
 * other and each starts from what the previous one wrote.
 */
export async function updateNote(user: User, input: UpdateNoteInput, options: ActionOptions = {}) {
  const found = input.note
  /* fetched before the transaction: a slow image host holds no pool connection */
  const changes = await withRemoteImages(noteContentOf(input))
  return withTransaction(options.trx, async (trx) => {
    let deck = await findEditableDeck(user, found.deckId, trx)
    const locked = await Note.query({ client: trx }).where('id', found.id).forUpdate().firstOrFail()
    /* moved to another deck since it was found (a move job that just ended): saved where it is now */
    if (locked.deckId !== deck.id) deck = await findEditableDeck(user, locked.deckId, trx)
    const saved = await saveNote(user, { ...keptFrom(locked, changes), deck, note: locked }, trx)
    afterCommit(trx, () => queueSpeech(user, saved))
    return saved
  })
}
