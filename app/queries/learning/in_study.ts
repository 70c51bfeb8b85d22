/*
 * Suspended cards (app/actions/notes/suspend_cards.ts) are out of one
 * learner's study: sessions, the counters of studyable cards, the daily
 * limits and the forecast leave them out.
 */

/** A where-clause (one binding: the learner's id) true when the card is not suspended for that learner. */
export const notSuspendedSql = (cardColumn = 'c.id') =>
  `not exists (select 1 from card_suspensions s where s.card_id = ${cardColumn} and s.user_id = ?)`
