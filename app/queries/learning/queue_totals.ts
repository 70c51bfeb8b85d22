import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StudyContext } from '#queries/learning/study_context'
import { preparedQuery } from '#services/prepared_query'
import { learnAheadOf, tallySql } from '#queries/learning/session_counters'
import type { LimitKind } from '#queries/learning/queue_allowance'

/*
 * What a session's queue counts before it hands anything out (the deck's
 * cards, the tally the counters come from, the learner's use of the deck
 * today, the cards the client holds, the limit's use), in one statement
 * whose cost follows the learner's progress rows on the deck, not the
 * deck's size: as the deck counters do (app/queries/decks/deck_counters.ts),
 * the deck's cards are the sum of its few rows of deck_card_tallies (kept by
 * triggers on cards, migration 0047), and a card without a progress row is
 * new. A card's progress row carries its card's deck (every writer copies it
 * from the card; moving notes moves both), so the learner's rows of the
 * session's decks are found on the index of card_progress (user_id, deck_id,
 * state) without a join to cards.
 *
 * After every answer (session_standing.ts): it was the answer's dearest
 * read, a walk of every card of the deck (3.9 ms at 3,000 cards).
 */

/** The totals' row, with the columns the queue reads (tally_*, total, next_due, ..._today, held_*, limit_used). */
export type QueueTotals = Record<string, any> & { total: number }

/*
 * The statement's text names its values (:user, :decks…); numbered() turns
 * the names into $1, $2… for a prepared statement, positional() into knex's
 * `?` for a transaction's raw query.
 */
function totalsSql(limited: boolean, withNextDue: boolean, holding: boolean) {
  const [fresh, learning, reviews, again, got] = tallySql('not p.suspended and not p.buried')
  const tally = [
    fresh,
    learning.replace('?', ':learnAhead'),
    reviews.replace('?', ':dayEnd'),
    again,
    got,
  ].join(',\n  ')
  const notSuspended = (card: string) =>
    `${card} not in (select s.card_id from card_suspensions s where s.user_id = :user)`
  /* a count of the held cards; none held (after an answer), the statement leaves them out */
  const heldCount = (condition: string) =>
    holding ? `(select count(*) from held where ${condition})::int` : '0'
  const optional = [
    withNextDue
      ? `(select min(x.due_at) from card_progress x
    where x.user_id = :user and x.deck_id = any(:decks) and x.state in ('learning', 'relearning', 'review')
      and not coalesce(x.frozen, false) and ${notSuspended('x.card_id')}) as next_due`
      : null,
    limited ? 'mnemo_limit_used(:user, :kind, :today::date) as limit_used' : null,
    limited ? `${heldCount('open and kept and not answered')} as held_limited` : null,
  ].filter(Boolean)
  /*
   * prog: the rows a counter counts (the learner's rows in the decks that are new, due, or in speed learning's
   * states), found on the index of card_progress (user_id, deck_id, state, due_at): a deck studied for years
   * reads its due cards, not its thousands of reviews to come
   */
  const counted = (condition: string) =>
    `select p.card_id, p.state, p.due_at, p.frozen from card_progress p
    where p.user_id = :user and p.deck_id = any(:decks) and ${condition}`
  /* held: the cards the client holds (none after an answer: the totals then skip them) */
  const held = `held as (
  select coalesce(p.state, 'new') as state, p.due_at,
         not coalesce(p.frozen, false)
           and not exists (select 1 from card_burials b where b.card_id = c.id and b.user_id = :user and b.until > :now)
           as open,
         ${notSuspended('c.id')} as kept,
         exists (select 1 from review_logs r
                  where r.user_id = :user and r.study_day = :today::date and r.card_id = c.id) as answered
    from cards c
    left join card_progress p on p.card_id = c.id and p.user_id = :user
   where c.id = any(:held::int[]) and c.deck_id = any(:decks)
)`
  return `with prog as (
  select p.card_id, p.state, p.due_at, p.frozen,
         not ${notSuspended('p.card_id')} as suspended,
         p.card_id in (select b.card_id from card_burials b where b.user_id = :user and b.until > :now) as buried
    from (${counted(`p.state in ('new', 'study_again', 'got_it')`)}
          union all ${counted(`p.state in ('learning', 'relearning') and p.due_at <= :learnAhead`)}
          union all ${counted(`p.state = 'review' and p.due_at < :dayEnd`)}) p
)${holding ? `,\n${held}` : ''}
select
  (select coalesce(sum(t.cards), 0) from deck_card_tallies t where t.deck_id = any(:decks))::int as total,
  (select count(*) from card_progress where user_id = :user and deck_id = any(:decks))::int as progress_rows,
  (select count(*) from cards c
    where c.id in (select s.card_id from card_suspensions s where s.user_id = :user
                   union select b.card_id from card_burials b where b.user_id = :user and b.until > :now)
      and c.deck_id = any(:decks)
      and not exists (select 1 from card_progress x where x.card_id = c.id and x.user_id = :user))::int as unseen_out,
  ${tally},
  (select count(distinct card_id) filter (where state_before = 'new') from review_logs
    where user_id = :user and study_day = :today::date and deck_id = any(:decks))::int as new_today,
  (select count(distinct card_id) from review_logs
    where user_id = :user and study_day = :today::date and deck_id = any(:decks))::int as cards_today,
  ${heldCount("open and state = 'new'")} as held_new,
  ${heldCount("open and state = 'review' and due_at < :dayEnd")} as held_reviews${optional
    .map((column) => `,\n  ${column}`)
    .join('')}
from prog p`
}

/* names only, never a cast (`::date`): a name follows a character that is not a colon */
const PLACEHOLDER = /(?<!:):([a-zA-Z]+)/g

/** The text with $1, $2… (one per name) and its values, for a prepared statement. */
function numbered(text: string, values: Record<string, unknown>) {
  const order: string[] = []
  const sql = text.replace(PLACEHOLDER, (_, name: string) => {
    if (!order.includes(name)) order.push(name)
    return `$${order.indexOf(name) + 1}`
  })
  return { sql, values: order.map((name) => values[name]) }
}

/** The text with knex's `?` and a value for each, for a raw query. */
function positional(text: string, values: Record<string, unknown>) {
  const bindings: any[] = []
  const sql = text.replace(PLACEHOLDER, (_, name: string) => {
    bindings.push(values[name])
    return '?'
  })
  return { sql, bindings }
}

const TEXTS = new Map<string, string>()
function textOf(limited: boolean, withNextDue: boolean, holding: boolean) {
  const key = `${limited}-${withNextDue}-${holding}`
  if (!TEXTS.has(key)) TEXTS.set(key, totalsSql(limited, withNextDue, holding))
  return { key, text: TEXTS.get(key)! }
}

/**
 * The queue's totals for the session's decks: the tally's new cards include
 * the cards without a progress row that are in study (neither suspended
 * nor buried now).
 */
export async function queueTotals(
  context: StudyContext,
  options: { held: number[]; limitKind: LimitKind | null; nextDue: boolean },
  trx?: TransactionClientContract
): Promise<QueueTotals> {
  const { user, deckIds, today, now, dayEnd } = context
  const holding = options.held.length > 0
  const { key, text } = textOf(options.limitKind !== null, options.nextDue, holding)
  const values = {
    user: user.id,
    decks: deckIds,
    now,
    learnAhead: learnAheadOf(now),
    dayEnd,
    today,
    held: options.held,
    kind: options.limitKind,
  }
  let row: Record<string, any>
  if (trx) {
    const { sql, bindings } = positional(text, values)
    ;[row] = await trx.rawQuery(sql, bindings).then((result) => result.rows)
  } else {
    const { sql, values: numberedValues } = numbered(text, values)
    ;[row] = await preparedQuery(`queue-totals-${key}`, sql, numberedValues)
  }
  const unseen = row.total - row.progress_rows - row.unseen_out
  return { ...row, total: row.total, tally_new: row.tally_new + unseen }
}
