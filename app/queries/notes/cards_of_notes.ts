import db from '@adonisjs/lucid/services/db'
import Card from '#models/card'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { cardLabel, renderCard } from '#note_types/cards'

const PAGE = 50

/** GET notes/cards: every card of the given notes (or of the deck), rendered, with this learner's progress. */
export async function cardsOfNotes(user: User, deckId: unknown, noteIds: number[] | undefined, offset: number) {
  const deck = await findDeck(user, deckId)
  const query = Card.query()
    .whereIn('deck_id', await subtreeIds(deck.id))
    .preload('note', (note) => note.preload('noteType'))
    .preload('progress', (progress) => progress.where('user_id', user.id))
    .orderBy('note_id').orderBy('ord').orderBy('id')
    .offset(offset).limit(PAGE)
  if (noteIds) query.whereIn('note_id', noteIds)
  const cards = await query
  const suspended = new Set(
    (await db.from('card_suspensions').where('user_id', user.id).whereIn('card_id', cards.map((card) => card.id)).select('card_id')).map((row) => row.card_id as number)
  )
  return {
    cards: cards.map((card) => {
      const definition = card.note.noteType.definition
      const sides = renderCard(definition, card.note.fields, card.ord, { attachments: card.note.fieldAttachmentsMap, deckName: deck.name, tags: card.note.tags })
      const progress = card.progress[0]
      return {
        id: card.id, noteId: card.noteId, deckId: card.deckId, ord: card.ord, label: cardLabel(definition, card.ord),
        front: sides.front, back: sides.back, css: sides.css,
        state: progress?.state ?? 'new', isFrozen: progress?.frozen ?? false, isSuspended: suspended.has(card.id),
        dueAt: progress?.dueAt?.toISO() ?? null, intervalDays: progress?.intervalDays ?? 0,
        reps: progress?.reps ?? 0, lapses: progress?.lapses ?? 0,
      }
    }),
    offset,
    limit: PAGE,
  }
}
