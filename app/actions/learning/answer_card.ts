import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type { StudyContext } from '#queries/learning/study_context'
import { answerSnapshot, type AnswerSnapshot } from '#queries/learning/answer_snapshot'
import { lockLearner } from '#actions/learning/learner_lock'
import { answersOf } from '#scheduling/scheduler'
import { recordAnswer, refusalOf, replyTo } from '#actions/learning/record_answer'
import type { AnswerInput, AnswerResult } from '#types/answers'

export type { AnswerInput, AnswerResult }

/**
 * A study answer. The rules that decide what it does (the version it was
 * shown with, a retried request, a frozen or suspended card, the limits)
 * live in mnemo_record_answer (database/sql/mnemo_record_answer_v3.sql);
 * this side works out what the answer writes and turns the outcome into the
 * reply (record_answer.ts).
 *
 * With `version` (the version the card was shown with), a retried request
 * (same card, version and answer) finds its review already written and
 * changes nothing; a racing second answer or an answer to a card that
 * changed since it was shown is refused. Without it (the spec's body), the
 * answer is on the card as it is now, unless it repeats the learner's last
 * answer to the card: then the first result is replayed.
 *
 * `read`: the card as answerContext read it with the deck (one statement for
 * both); without it, the card is read now. The answer is then one call of
 * the function, without a transaction of the app's. Only when the card's row
 * changed between that read and the call ('moved') is the answer worked out
 * again, on the row locked in a transaction (answerInTransaction).
 */
export async function answerCard(
  context: StudyContext,
  input: AnswerInput,
  read?: AnswerSnapshot | null
): Promise<AnswerResult> {
  if (!answersOf(context.algorithm).includes(input.answer)) {
    throw ApiException.of('E_VALIDATION_ERROR', { field: 'answer' })
  }
  const found =
    read === undefined ? await answerSnapshot(context.user.id, input.cardId, context.deckIds) : read
  /* no such card in the session's decks */
  if (!found) throw ApiException.notFound()
  const recorded = await recordAnswer(context, input, found)
  return recorded.outcome === 'moved'
    ? answerInTransaction(context, input)
    : replyTo(context, input, recorded)
}

/**
 * The fallback: the learner, then the card's progress row locked in a
 * transaction (the lock order of learner_lock.ts), the answer worked out on
 * the row as locked, and the same call of mnemo_record_answer inside, which
 * then finds the row as it was read. A refusal rolls everything back.
 */
export async function answerInTransaction(
  context: StudyContext,
  input: AnswerInput
): Promise<AnswerResult> {
  const recorded = await db.transaction(async (trx) => {
    await lockLearner(context.user.id, trx)
    const card = await trx
      .from('cards')
      .select('id', 'deck_id')
      .where('id', input.cardId)
      .whereIn('deck_id', context.deckIds)
      .first()
    if (!card) throw ApiException.notFound()
    const row = await lockProgress(trx, context.user.id, card)
    const written = await recordAnswer(context, input, { card, row, stored: true }, trx)
    const refusal = refusalOf(written)
    if (refusal) throw refusal
    return written
  })
  return replyTo(context, input, recorded)
}

/** The learner's progress row of a card, created as new if missing, locked until the transaction ends. */
export async function lockProgress(
  trx: TransactionClientContract,
  userId: number,
  card: { id: number; deck_id: number }
) {
  const now = new Date()
  /*
   * A card whose progress was reset starts again after its last answered
   * version, never at 0: the old version's review still names it, and a
   * retried answer from before the reset must not land on the fresh card.
   */
  await trx.rawQuery(
    `insert into card_progress (user_id, card_id, deck_id, version, created_at, updated_at)
     select :user, :card, :deck, coalesce(max(version_before) + 1, 0), :now, :now
     from review_logs where user_id = :user and card_id = :card
     on conflict (user_id, card_id) do nothing`,
    { user: userId, card: card.id, deck: card.deck_id, now }
  )
  return trx.from('card_progress').where({ user_id: userId, card_id: card.id }).forUpdate().first()
}
