import db from '@adonisjs/lucid/services/db'
import { SHARED_WITH } from '#models/deck'
import { visibleCards } from '#queries/ankiconnect/notes_info'
import { suspendedAmong } from '#queries/learning/card_marks'

/** areSuspended: per id, whether the learner removed the card from study; null for a card they do not have. */
export async function areSuspended(user: { id: number }, ids: unknown[]) {
  const seen = await visibleCards(user, ids)
  const off = await suspendedAmong(
    user.id,
    seen.map((card) => card.id)
  )
  const known = new Set(seen.map((card) => card.id))
  return ids.map((id) => (known.has(id as number) ? off.has(id as number) : null))
}

/** getTags: every tag on the notes the learner sees, once each, sorted. */
export async function tagsOfLearner(user: { id: number }) {
  const { rows } = await db.rawQuery(
    `select distinct t.tag from notes n
       join decks on decks.id = n.deck_id
       cross join lateral jsonb_array_elements_text(n.tags) as t(tag)
      where decks.user_id = ? or ${SHARED_WITH}
      order by t.tag`,
    [user.id, user.id]
  )
  return rows.map((row: { tag: string }) => row.tag)
}
