import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The lock order of every path that writes a learner's answers: an answer
 * (mnemo_record_answer, database/sql/mnemo_record_answer_v3.sql, and its
 * fallback in answer_card.ts), an offline batch (log_offline_reviews.ts, one
 * transaction per review), an undo (undo_answer.ts), and the streak
 * (refresh_streak.ts):
 *
 *   1. the learner's `users` row (lockLearner), before anything else;
 *   2. the card's `card_progress` row (lockProgress; an undo: the review it
 *      takes back and that progress row);
 *   3. then `review_logs`, `study_days` and the `users` row again (the
 *      counters, the streak), which the first lock already holds.
 *
 * The first lock makes one learner's answers run one after another: their
 * daily limit, study-day count, lifetime total and streak are shared by all
 * their cards, so the limit is counted exactly and the counters add up.
 * Different learners do not wait for each other. Before, an answer upserted
 * its study_days row and then took the users row (the streak's FOR UPDATE),
 * while another answer, holding that users row's KEY SHARE lock (through
 * the foreign keys of the rows it had written), waited for the study_days
 * row: "deadlock detected" for 15 of 20 answers sent at once.
 *
 * FOR NO KEY UPDATE is what updating the row's counters takes anyway; unlike
 * FOR UPDATE it does not wait for the KEY SHARE locks that other writers'
 * foreign keys take on the users row (a note saved meanwhile).
 */
export async function lockLearner(userId: number, trx: TransactionClientContract) {
  await trx.rawQuery('select id from users where id = ? for no key update', [userId])
}
