import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Note from '#models/note'
import ApiException from '#exceptions/api_exception'
import SaveNote from '#actions/notes/save_note'
import { findEditableDeck, idParam } from '#queries/decks/find_deck'
import type { AttachmentsInput } from '#actions/notes/note_content'
import { suspendCards } from '#actions/notes/suspend_cards'

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
 * DELETE cards/{id}/suspend ("cards can be removed (suspended)"), and "remove"
 * on the web's learning page: the card leaves this learner's study. Its note,
 * its sibling cards, the progress and the history stay; the deck's card list
 * (or notes/bulk_action unsuspend) brings it back. Suspending twice is fine.
 */
export async function suspendCard(user: User, cardId: unknown) {
  const card = await findCard(user, cardId)
  await db.transaction((trx) => suspendCards(user.id, [card.id], trx))
  return { cardId: card.id, noteId: card.note_id, deckId: card.deck_id, suspended: true, removedCardIds: [card.id] }
}
