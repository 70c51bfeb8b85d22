import db from '@adonisjs/lucid/services/db'
import Note from '#models/note'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import CardPolicy from '#policies/card_policy'
import { authorize } from '#services/authorize'
import { idParam, roleColumn } from '#queries/decks/find_deck'

export type LearnerCard = { id: number; note_id: number; deck_id: number; created_at: Date }

/**
 * A card of a deck this learner may see (their own or a shared tree they take
 * part in); anyone else's card (or a bad id) is a 404. Studying a card
 * (freezing, removing it from study, its statistics: the learner's own
 * progress) needs `view`; changing its content needs `edit` (DeckPolicy).
 */
export async function findLearnerCard(
  user: { id: number },
  cardId: unknown,
  ability: 'view' | 'edit' = 'view'
): Promise<LearnerCard> {
  const found = await Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .join('cards as c', 'c.deck_id', 'decks.id')
    .where('c.id', idParam(cardId))
    .select(
      'decks.id',
      'decks.user_id',
      roleColumn(user),
      'c.id as card_id',
      'c.note_id as card_note_id',
      'c.created_at as card_created_at'
    )
    .first()
  if (!found) throw ApiException.notFound()
  await authorize(user, CardPolicy, ability, { deck: found })
  const { card_id: id, card_note_id: noteId, card_created_at: createdAt } = found.$extras
  return { id, note_id: noteId, deck_id: found.id, created_at: createdAt }
}

/** The ids of every card of a note. */
export async function cardIdsOfNote(noteId: number) {
  const rows = await db.from('cards').where('note_id', noteId).select('id')
  return rows.map((row) => row.id as number)
}

/** A card's note as the editor opens it, with its type and its deck. */
export async function noteOfCard(card: LearnerCard) {
  return Note.query().where('id', card.note_id).preload('noteType').preload('deck').firstOrFail()
}
