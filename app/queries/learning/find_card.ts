import db from '@adonisjs/lucid/services/db'
import Note from '#models/note'
import ApiException from '#exceptions/api_exception'
import { idParam } from '#queries/decks/find_deck'

export type LearnerCard = { id: number; note_id: number; deck_id: number; created_at: Date }

/** A card of one of this learner's decks; anyone else's card (or a bad id) is a 404. */
export async function findLearnerCard(user: { id: number }, cardId: unknown): Promise<LearnerCard> {
  const card = await db
    .from('cards as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .where('c.id', idParam(cardId))
    .where('d.user_id', user.id)
    .select('c.id', 'c.note_id', 'c.deck_id', 'c.created_at')
    .first()
  if (!card) throw ApiException.notFound()
  return card
}

/** The ids of every card of a note. */
export async function cardIdsOfNote(noteId: number) {
  return (await db.from('cards').where('note_id', noteId).select('id')).map((row) => row.id as number)
}

/** A card's note as the editor opens it, with its type and its deck. */
export async function noteOfCard(card: LearnerCard) {
  return Note.query().where('id', card.note_id).preload('noteType').preload('deck').firstOrFail()
}
