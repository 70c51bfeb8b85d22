import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { StudyContext } from '#queries/learning/study_context'
import { findLearnerCard } from '#queries/learning/find_card'
import { buryModeOf, siblingKindsToBury, type SiblingKind } from '#scheduling/burying'
import type { StoredAlgorithmSettings } from '#scheduling/presets'
import { studyDayBounds } from '#scheduling/study_day'
import { withTransaction, type ActionOptions } from '#actions/action'

/*
 * Burying (card_burials, migration 0038): a card kept out of this learner's
 * study until the start of their next study day (their time zone, the
 * rollover hour), then back by itself: nothing unburies it but time. A row
 * already past its `until` means nothing and is written over.
 */

const DAY_MS = 86_400_000

/* the conditions on a sibling `c` with the learner's progress `p` for each kind (the day's bounds bound) */
const KIND_SQL: Record<SiblingKind, string> = {
  new: `coalesce(p.state, 'new') = 'new'`,
  review: `p.state = 'review'`,
  /* a learning card whose step crosses a day: due on a later day, or carried over from an earlier one */
  interdayLearning:
    `(p.state in ('learning', 'relearning') ` +
    `and (p.due_at >= :dayEnd or p.last_reviewed_at < :dayStart))`,
}

/**
 * After an answer (recorded, not replayed) to `cardId`, which was in
 * `stateBefore`: its siblings of the kinds the session's deck buries
 * (app/scheduling/burying.ts) are buried until the study day ends, unless
 * frozen, removed from study, or buried already; the answered card itself
 * is no longer buried. Returns the cards buried by this answer.
 */
export async function burySiblings(
  context: Pick<StudyContext, 'user' | 'root' | 'dayEnd'>,
  cardId: number,
  stateBefore: string
): Promise<number[]> {
  const mode = buryModeOf(context.root.algorithmSettings as StoredAlgorithmSettings)
  const kinds = siblingKindsToBury(mode, stateBefore)
  if (!kinds.length) return []
  const result = await db.rawQuery(
    `with answered as (
       delete from card_burials where user_id = :user and card_id = :card
     )
     insert into card_burials (user_id, card_id, until, manual)
     select :user, c.id, :dayEnd, false
       from cards c
       left join card_progress p on p.card_id = c.id and p.user_id = :user
      where c.note_id = (select note_id from cards where id = :card) and c.id <> :card
        and not coalesce(p.frozen, false)
        and not exists (select 1 from card_suspensions s where s.card_id = c.id and s.user_id = :user)
        and (${kinds.map((kind) => KIND_SQL[kind]).join(' or ')})
     on conflict (user_id, card_id) do update set until = excluded.until, manual = false
      where card_burials.until <= now()
     returning card_id`,
    {
      user: context.user.id,
      card: cardId,
      dayEnd: context.dayEnd,
      dayStart: new Date(context.dayEnd.getTime() - DAY_MS),
    }
  )
  return result.rows
    .map((row: { card_id: number }) => row.card_id)
    .sort((a: number, b: number) => a - b)
}

/**
 * POST cards/{id}/bury and the learning page's "bury" ('-', as in Anki): the
 * learner keeps a card they may see out of study until their next study
 * day. Burying a buried card again changes nothing.
 */
export async function buryCard(user: User, input: { id: unknown }, options: ActionOptions = {}) {
  const card = await findLearnerCard(user, input.id)
  const now = new Date()
  const until = studyDayBounds(user.today(now), user.timezoneOffset ?? 0).end
  await withTransaction(options.trx, (trx) =>
    trx.rawQuery(
      `insert into card_burials (user_id, card_id, until, manual) values (?, ?, ?, true)
       on conflict (user_id, card_id) do update set until = excluded.until, manual = true
       where card_burials.until <= now() or not card_burials.manual`,
      [user.id, card.id, until]
    )
  )
  return { cardId: card.id, noteId: card.note_id, deckId: card.deck_id, until }
}
