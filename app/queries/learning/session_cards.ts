import db from '@adonisjs/lucid/services/db'
import Card from '#models/card'
import type { StudyContext } from '#queries/learning/study_context'

/**
 * A card of the session with its note, note type and this learner's progress loaded, and the version an answer
 * must name.
 */
export type SessionCard = { card: Card; version: number; flag: number }

/*
 * A card without progress whose earlier progress was reset keeps counting
 * versions after its last answered one (see lockProgress in
 * app/actions/learning/answer_card.ts): the version it will get when first answered.
 */
async function versionsAfterReset(userId: number, cardIds: number[]) {
  if (!cardIds.length) return new Map<number, number>()
  const rows = await db
    .from('review_logs')
    .where('user_id', userId)
    .whereIn('card_id', cardIds)
    .groupBy('card_id')
    .select('card_id', db.raw('max(version_before) + 1 as next'))
  return new Map(
    rows.filter((row) => row.next !== null).map((row) => [row.card_id as number, Number(row.next)])
  )
}

/** The learner's flags on the cards (card_flags; a card without one is left out). */
async function flagsOf(userId: number, cardIds: number[]) {
  const rows = await db
    .from('card_flags')
    .where('user_id', userId)
    .whereIn('card_id', cardIds)
    .select('card_id', 'flag')
  return new Map(rows.map((row) => [row.card_id as number, Number(row.flag)]))
}

/**
 * The session's cards among `cardIds`, in that order (cards outside the
 * session's decks are left out), loaded for LearningCardTransformer.
 */
export async function sessionCards(
  context: StudyContext,
  cardIds: number[]
): Promise<SessionCard[]> {
  if (!cardIds.length) return []
  const cards = await Card.query()
    .whereIn('id', cardIds)
    .whereIn('deck_id', context.deckIds)
    .preload('note', (note) => note.preload('noteType'))
    .preload('progress', (progress) => progress.where('user_id', context.user.id))
  const byId = new Map(cards.map((card) => [card.id, card]))
  const [nextVersions, flags] = await Promise.all([
    versionsAfterReset(
      context.user.id,
      cards.filter((card) => !card.progress.length).map((card) => card.id)
    ),
    flagsOf(context.user.id, cardIds),
  ])
  return cardIds
    .map((id) => byId.get(id))
    .filter((card): card is Card => Boolean(card))
    .map((card) => ({
      card,
      version: card.progress[0]?.version ?? nextVersions.get(card.id) ?? 0,
      flag: flags.get(card.id) ?? 0,
    }))
}
