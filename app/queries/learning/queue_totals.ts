import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StudyContext } from '#queries/learning/study_context'
import { preparedQuery } from '#services/prepared_query'
import { learnAheadOf, tallySql } from '#queries/learning/session_counters'
import { answeredTodaySql, type LimitKind } from '#queries/learning/queue_allowance'

/*
 * What a session's queue counts before it hands anything out (the deck's
 * cards, the tally the counters come from, the learner's use of the deck
 * today, the cards the client holds, the limit's use), in one statement
 * whose cost follows the learner's progress rows on the deck, not the
 * deck's size: as the deck counters do (app/queries/decks/deck_counters.ts),
 * the deck's cards are counted on the index of cards.deck_id alone, and a
 * card without a progress row is new. A card's progress row carries its
 * card's deck (every writer copies it from the card; moving notes moves
 * both), so the learner's rows of the session's decks are found on the
 * index of card_progress (user_id, deck_id, state) without a join to cards.
 *
 * After every answer (session_standing.ts): it was the answer's dearest
 * read, a walk of every card of the deck (3.9 ms at 3,000 cards).
 */

/** The totals' row, with the columns the queue reads (tally_*, total, next_due, ..._today, held_*, limit_used). */
export type QueueTotals = Record<string, any> & { total: number }

/* `?` in the order they appear: the bindings below follow the text */
function totalsSql(limited: boolean) {
  const inStudy = 'not p.suspended and not p.buried'
  const tally = tallySql(inStudy).join(',\n  ')
  return `with prog as (
  select p.card_id, p.state, p.due_at, p.frozen,
         p.card_id in (select s.card_id from card_suspensions s where s.user_id = ?) as suspended,
         p.card_id in (select b.card_id from card_burials b where b.user_id = ? and b.until > ?) as buried
    from card_progress p
   where p.user_id = ? and p.deck_id = any(?)
),
held as (
  select coalesce(p.state, 'new') as state, p.due_at,
         not coalesce(p.frozen, false)
           and not exists (select 1 from card_burials b where b.card_id = c.id and b.user_id = ? and b.until > ?)
           as open,
         not exists (select 1 from card_suspensions s where s.card_id = c.id and s.user_id = ?) as kept,
         ${answeredTodaySql('c.id')} as answered
    from cards c
    left join card_progress p on p.card_id = c.id and p.user_id = ?
   where c.id = any(?::int[]) and c.deck_id = any(?)
)
select
  (select count(*) from cards where deck_id = any(?))::int as total,
  count(*)::int as progress_rows,
  (select count(*) from cards c
    where c.id in (select s.card_id from card_suspensions s where s.user_id = ?
                   union select b.card_id from card_burials b where b.user_id = ? and b.until > ?)
      and c.deck_id = any(?)
      and not exists (select 1 from card_progress x where x.card_id = c.id and x.user_id = ?))::int as unseen_out,
  ${tally},
  min(p.due_at) filter (where not coalesce(p.frozen, false) and not p.suspended
                          and p.state in ('learning', 'relearning', 'review')) as next_due,
  (select count(distinct card_id) filter (where state_before = 'new') from review_logs
    where user_id = ? and study_day = ? and deck_id = any(?))::int as new_today,
  (select count(distinct card_id) from review_logs where user_id = ? and study_day = ? and deck_id = any(?))::int
    as cards_today,
  (select count(*) from held where open and state = 'new')::int as held_new,
  (select count(*) from held where open and state = 'review' and due_at < ?)::int as held_reviews${
    limited
      ? `,
  mnemo_limit_used(?, ?, ?::date) as limit_used,
  (select count(*) from held where open and kept and not answered)::int as held_limited`
      : ''
  }
from prog p`
}

const TEXTS = { limited: totalsSql(true), open: totalsSql(false) }

function bindings(context: StudyContext, held: number[], limitKind: LimitKind | null) {
  const { user, deckIds, today, now, dayEnd } = context
  const id = user.id
  return [
    /* prog */
    id,
    id,
    now,
    id,
    deckIds,
    /* held */
    id,
    now,
    id,
    id,
    today,
    id,
    held,
    deckIds,
    /* total, unseen_out */
    deckIds,
    id,
    id,
    now,
    deckIds,
    id,
    /* the tally's two moments */
    learnAheadOf(now),
    dayEnd,
    /* today's use */
    id,
    today,
    deckIds,
    id,
    today,
    deckIds,
    /* held reviews */
    dayEnd,
    ...(limitKind ? [id, limitKind, today] : []),
  ]
}

/**
 * The queue's totals for the session's decks: the tally's new cards include
 * the cards without a progress row that are in study (neither suspended
 * nor buried now).
 */
export async function queueTotals(
  context: StudyContext,
  held: number[],
  limitKind: LimitKind | null,
  trx?: TransactionClientContract
): Promise<QueueTotals> {
  const text = limitKind ? TEXTS.limited : TEXTS.open
  const values = bindings(context, held, limitKind)
  const [row] = trx
    ? await trx.rawQuery(text, values).then((result) => result.rows)
    : await preparedQuery(
        limitKind ? 'queue-totals-limited' : 'queue-totals',
        numbered(text),
        values
      )
  const unseen = row.total - row.progress_rows - row.unseen_out
  return { ...row, tally_new: row.tally_new + unseen }
}

/* knex binds `?`; a prepared statement takes $1, $2… */
function numbered(text: string) {
  let index = 0
  return text.replace(/\?(?!\?)/g, () => `$${++index}`)
}
