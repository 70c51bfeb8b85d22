/*
 * Suspended cards (app/actions/notes/suspend_cards.ts) are out of one
 * learner's study: sessions, the counters of studyable cards, the daily
 * limits and the forecast leave them out.
 */

/** A where-clause (one binding: the learner's id) true when the card is not suspended for that learner. */
export const notSuspendedSql = (cardColumn = 'c.id') =>
  `not exists (select 1 from card_suspensions s where s.card_id = ${cardColumn} and s.user_id = ?)`

/**
 * The same condition for a read that walks many of the learner's rows (the
 * deck counters): the learner's suspensions are read once into a hash
 * (PostgreSQL's hashed subplan; card_id is never null, so `not in` is `not
 * exists`) instead of being looked up row by row.
 */
export const notSuspendedManySql = (cardColumn = 'c.id') =>
  `${cardColumn} not in (select s.card_id from card_suspensions s where s.user_id = ?)`

/*
 * Buried cards (app/actions/learning/bury_cards.ts: a sibling of a card just
 * answered, or one the learner buried) are out of study until their `until`,
 * the start of the learner's next study day: the session's queue and its
 * counters skip them, the deck's total keeps them.
 */

/** A where-clause (one binding: the learner's id) true when the card is not buried now for that learner. */
export const notBuriedSql = (cardColumn = 'c.id') =>
  `not exists (select 1 from card_burials b where b.card_id = ${cardColumn} and b.user_id = ? and b.until > now())`
