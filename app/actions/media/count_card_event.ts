import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { findLearnerCard } from '#queries/learning/find_card'

/**
 * A text-to-speech play or a type-in answer of a card, counted at most once
 * per card and study day (the spec): the unique key of card_daily_events
 * makes the second one of the day a no-op. Answers whether this one counted
 * and the learner's count of the kind today.
 */
export async function countCardEvent(
  user: User,
  input: { id: unknown; kind: 'tts_play' | 'type_in' }
) {
  const { kind } = input
  const card = await findLearnerCard(user, input.id)
  const day = user.today()
  const inserted = await db.rawQuery(
    `insert into card_daily_events (user_id, card_id, kind, day) values (?, ?, ?, ?)
     on conflict (user_id, card_id, kind, day) do nothing returning id`,
    [user.id, card.id, kind, day]
  )
  const [{ count }] = await db
    .from('card_daily_events')
    .where({ user_id: user.id, kind, day })
    .count('* as count')
  return { counted: inserted.rows.length > 0, kind, day, todayCount: Number(count) }
}
