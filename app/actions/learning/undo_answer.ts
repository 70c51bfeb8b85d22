import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { uncountStudiedCard } from '#actions/learning/study_days'
import { lockLearner } from '#actions/learning/learner_lock'
import { undoableAnswer } from '#queries/learning/undoable_answer'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * DELETE learning/undo: takes back the learner's latest answer of the study
 * day (within the session's decks when given, `deckIds`), as long as nothing
 * else changed the card since (app/queries/learning/undoable_answer.ts). The
 * card's progress goes back exactly as it was before the answer and the
 * review is removed. Returns the card and its deck.
 */
export async function undoAnswer(
  user: User,
  input: { today: string; deckIds: number[] | null },
  options: ActionOptions = {}
) {
  const { today, deckIds } = input
  return withTransaction(options.trx, async (trx) => {
    /*
     * the learner first, then the review and the card's progress: the one lock order of every answer path
     * (learner_lock.ts)
     */
    await lockLearner(user.id, trx)
    const review = await undoableAnswer(user.id, today, deckIds, trx, true)
    if (!review) throw ApiException.of('E_NOTHING_TO_UNDO')
    const previous =
      typeof review.previous === 'string' ? JSON.parse(review.previous) : review.previous
    await trx
      .from('card_progress')
      .where({ user_id: user.id, card_id: review.card_id })
      .update({
        ...previous,
        /* the version moves on, so an answer retried from before the undo cannot land again */
        version: review.current_version + 1,
        updated_at: new Date(),
      })
    await trx.from('review_logs').where('id', review.id).delete()
    await uncountStudiedCard(user.id, review.study_day, trx)
    /* as Anki's undo: the siblings the answer buried come back, unless another sibling was studied that day */
    await trx.rawQuery(
      `delete from card_burials b using cards c, cards a
        where a.id = :card and c.note_id = a.note_id and c.id <> a.id and b.card_id = c.id
          and b.user_id = :user and not b.manual and b.until > now()
          and not exists (select 1 from review_logs r join cards o on o.id = r.card_id
                           where r.user_id = :user and r.study_day = :day and o.note_id = a.note_id
                             and r.card_id <> b.card_id)`,
      { card: review.card_id, user: user.id, day: review.study_day }
    )
    return { cardId: review.card_id as number, deckId: review.deck_id as number }
  })
}
