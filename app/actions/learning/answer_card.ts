import { placementFor } from '#queries/learning/due_counts'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { progressOf } from '#scheduling/progress_row'
import type { StudyContext } from '#queries/learning/study_context'
import { assertMayStudy } from '#actions/learning/study_limits'
import { recordStudiedCard } from '#actions/learning/study_days'
import { lockLearner } from '#actions/learning/learner_lock'
import { answersOf } from '#scheduling/scheduler'
import { dispatch } from '#services/queue'
import { answerRows, refitDue, type WriteAnswer } from '#actions/learning/answer_rows'
import { recordAnswer } from '#actions/learning/record_answer'
import type { AnswerSnapshot } from '#queries/learning/answer_snapshot'
import { retryVerdict } from '#actions/learning/answer_retry'
import type { AnswerInput, AnswerResult } from '#types/answers'

export type { AnswerInput, AnswerResult, WriteAnswer }

/**
 * One answer, written with its review row in one transaction. The learner's
 * row, then the card's progress row are locked (the lock order is in
 * learner_lock.ts), so one learner's answers run one after another.
 *
 * With `version` (the version the card was shown with), a retried request
 * (same card, version and answer) finds its review already written and
 * changes nothing; a racing second answer or an answer to a card that
 * changed since it was shown is refused. Without it (the spec's body), the
 * answer is on the card as it is now, unless it repeats the learner's last
 * answer to the card (retryVerdict): then the first result is replayed.
 *
 * An ordinary answer first goes the short way (recordAnswer, two round
 * trips, the same locks and checks); anything unusual comes here.
 */
export async function answerCard(context: StudyContext, input: AnswerInput, read?: AnswerSnapshot | null): Promise<AnswerResult> {
  if (!answersOf(context.algorithm).includes(input.answer)) {
    throw ApiException.of('E_VALIDATION_ERROR', { field: 'answer' })
  }
  return (await recordAnswer(context, input, read)) ?? answerInTransaction(context, input)
}

/** The answer with every lock taken in turn: what happened to the card decides (replayed, stale, refused or written). */
export async function answerInTransaction(context: StudyContext, input: AnswerInput): Promise<AnswerResult> {
  const { user, now, today } = context
  const result = await db.transaction(async (trx): Promise<AnswerResult> => {
    /* the learner first, then the card: the one lock order of every answer path (learner_lock.ts) */
    await lockLearner(user.id, trx)
    const card = await trx.from('cards').where('id', input.cardId).whereIn('deck_id', context.deckIds).first()
    if (!card) throw ApiException.notFound()

    const row = await lockProgress(trx, user.id, card)

    if (input.version !== undefined && row.version !== input.version) return replayOrRefuse(trx, context, input, row)
    if (input.version === undefined) {
      const last = await lastAnswer(trx, user.id, card.id, row.version)
      const verdict = last ? retryVerdict(last, row, input, now) : 'new'
      if (verdict === 'replay') return replayed(input, row, last)
      if (verdict === 'stale') throw ApiException.of('E_STALE_ANSWER')
    }
    if (row.frozen) throw ApiException.of('E_CARD_FROZEN')
    if (await isSuspended(trx, user.id, card.id)) throw ApiException.of('E_CARD_SUSPENDED')
    await assertMayStudy(user, card.id, today, trx)

    const { outcome, version } = await writeAnswer(trx, context, {
      card, row, answer: input.answer, at: now, day: today, durationMs: input.durationMs ?? 0, source: 'session',
      sentDurationMs: input.durationMs ?? null,
    })
    return {
      cardId: card.id, answer: input.answer, progress: outcome.progress, version, isFrozen: outcome.leech,
      leech: outcome.leech, replayed: false,
    }
  })
  /* this path may have worked the streak out again (or replayed an answer that did): the learner is read afresh */
  return { ...result, streakMoved: true }
}

/** The learner's progress row of a card, created as new if missing, locked until the transaction ends. */
export async function lockProgress(trx: TransactionClientContract, userId: number, card: { id: number; deck_id: number }) {
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

/** Moves the card on, writes its review row and counts the studied card: the part every answer shares. */
export async function writeAnswer(trx: TransactionClientContract, context: StudyContext, input: WriteAnswer) {
  const { user } = context
  const { outcome, version, progress, review } = answerRows(context, input, await placementFor(context, input, trx))
  await trx
    .from('card_progress')
    .where({ user_id: user.id, card_id: input.card.id })
    .update({ ...progress, version, updated_at: new Date() })
  await trx.table('review_logs').insert(review)
  const studied = await recordStudiedCard(user.id, input.day, 1, trx)
  if (refitDue(context, studied.total)) trx.after('commit', () => void dispatch('fit_fsrs', { userId: user.id }))
  return { outcome, version }
}

/*
 * The card moved on since it was shown. If this very answer moved it (the
 * client retried, or sent it twice at once), answer as the first time did;
 * anything else is a stale answer.
 */
async function replayOrRefuse(trx: TransactionClientContract, context: StudyContext, input: AnswerInput, row: any): Promise<AnswerResult> {
  const earlier = await trx
    .from('review_logs')
    .where({ user_id: context.user.id, card_id: input.cardId, version_before: input.version })
    .first()
  /* when the card changed again since (an undo, an edit of its progress), the leech it may have made is history */
  if (earlier && earlier.answer === input.answer) return replayed(input, row, earlier.version_before + 1 === row.version ? earlier : null)
  throw ApiException.of('E_STALE_ANSWER')
}

/** The first result again: the card as that answer left it (a leech is told again). */
function replayed(input: AnswerInput, row: any, review: Record<string, any> | null): AnswerResult {
  const before = review ? (typeof review.previous === 'string' ? JSON.parse(review.previous) : review.previous) : null
  return {
    cardId: input.cardId, answer: input.answer, progress: progressOf(row), version: row.version, isFrozen: row.frozen,
    leech: Boolean(review && row.frozen && before && !before.frozen), replayed: true,
  }
}

/** The learner's session answer that brought the card to its current version, if nothing changed it since. */
async function lastAnswer(trx: TransactionClientContract, userId: number, cardId: number, version: number) {
  return trx
    .from('review_logs')
    .where({ user_id: userId, card_id: cardId, source: 'session', version_before: version - 1 })
    .first()
}


async function isSuspended(client: TransactionClientContract, userId: number, cardId: number) {
  return Boolean(await client.from('card_suspensions').where({ user_id: userId, card_id: cardId }).first())
}
