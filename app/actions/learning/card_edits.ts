import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Note from '#models/note'
import ApiException from '#exceptions/api_exception'
import SaveNote from '#actions/notes/save_note'
import { findEditableDeck, idParam } from '#queries/decks/find_deck'
import type { AttachmentsInput } from '#actions/notes/note_content'

/** A card through the decks this user may see; another learner's card is a 404. */
async function findCard(user: User, cardId: unknown) {
  const card = await db
    .from('cards as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .where('c.id', idParam(cardId))
    .where('d.user_id', user.id)
    .select('c.id', 'c.note_id', 'c.deck_id')
    .first()
  if (!card) throw ApiException.notFound()
  return card as { id: number; note_id: number; deck_id: number }
}

export interface CardEdit {
  fields: Record<string, string | null | undefined>
  fieldAttachmentsMap?: AttachmentsInput | null
  reverse?: boolean
}

/** PUT cards/{id}: edits the card's note in place, from the learning screen. */
export async function editCard(user: User, cardId: unknown, edit: CardEdit) {
  const card = await findCard(user, cardId)
  await db.transaction(async (trx) => {
    const deck = await findEditableDeck(user, card.deck_id, trx)
    const note = await Note.query({ client: trx }).where('id', card.note_id).forUpdate().firstOrFail()
    await new SaveNote().handle(user, deck, {
      noteTypeId: note.noteTypeId,
      fields: edit.fields,
      fieldAttachmentsMap: edit.fieldAttachmentsMap ?? note.fieldAttachmentsMap,
      reverse: edit.reverse ?? note.isReversed,
    }, trx, note)
  })
  return card
}

/**
 * DELETE cards/{id}/suspend: "remove" on the learning screen. The card's note
 * goes (with its other cards, as Anki's reviewer deletes the note); the
 * screen asks first. Freezing is the way to only pause a card.
 */
export async function removeCard(user: User, cardId: unknown) {
  const card = await findCard(user, cardId)
  return db.transaction(async (trx) => {
    await findEditableDeck(user, card.deck_id, trx)
    const cardIds = (await trx.from('cards').where('note_id', card.note_id).select('id')).map((row) => row.id as number)
    await trx.from('notes').where('id', card.note_id).delete()
    return { noteId: card.note_id, deckId: card.deck_id, removedCardIds: cardIds }
  })
}
