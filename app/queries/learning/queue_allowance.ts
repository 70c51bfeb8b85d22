import db from '@adonisjs/lucid/services/db'
import type { StudyContext } from '#queries/learning/study_context'
import type { DailyLimit } from '#queries/learning/daily_limit'
import { limitOf } from '#services/plan_limits'

/*
 * The learner's limit in the queue. A free learner's daily cards and a
 * guest's studied cards are held to every answer by mnemo_record_answer
 * (database/sql/mnemo_record_answer_v3.sql, rule 4: once the limit is used
 * up, a card not yet answered on the study day is refused). The queue never
 * hands out a card that rule would refuse: of the cards not yet answered
 * today it hands out no more than the limit leaves, after those the client
 * still holds (exclude_ids); cards answered today (learning steps) always
 * come. The queue hands its cards out in a fixed order, so a client that
 * fetches again without naming what it holds is given the same cards again,
 * not more of them.
 */

export type LimitKind = Exclude<DailyLimit['kind'], null>

/** Where the learner stands against their limit as the queue handed cards out. */
export interface QueueLimit {
  kind: LimitKind
  limit: number
  /** the limit's use so far (mnemo_limit_used) */
  used: number
  /** the cards not yet answered today the learner may still take after those handed out and held */
  left: number
  /** a card was held back for the limit */
  heldBack: boolean
}

/** The limit that holds for the queue's learner; none for premium, nor for a read of the counters alone. */
export function queueLimitOf(context: StudyContext, handingOut: boolean) {
  if (!handingOut) return null
  const { kind, limit } = limitOf(context.user)
  return kind === null ? null : { kind, limit: limit! }
}

/** A condition over a card column: the learner answered the card on the session's study day. */
const answeredTodaySql = (card: string) =>
  `exists (select 1 from review_logs r where r.user_id = ? and r.study_day = ?::date and r.card_id = ${card})`

/** The column the queue's card reads add for a limited learner: the card costs nothing of the limit. */
export const answeredTodayColumn = (context: StudyContext) =>
  db.raw(`${answeredTodaySql('c.id')} as answered_today`, [context.user.id, context.today])

/** The limit as the queue starts handing out, from the totals row. */
export function startLimit(
  found: { kind: LimitKind; limit: number } | null,
  totals: Record<string, any> | undefined
): QueueLimit | null {
  if (!found) return null
  const used = Number(totals?.limit_used ?? 0)
  const held = Number(totals?.held_limited ?? 0)
  return { ...found, used, left: Math.max(0, found.limit - used - held), heldBack: false }
}

/**
 * Of the rows a queue read found, in order, those it may hand out: every card answered today, and the others
 * while the limit leaves room (taken from `gate`).
 */
export function withinLimit(
  gate: QueueLimit | null,
  rows: { id: number; answered_today?: boolean }[]
) {
  if (!gate) return rows.map((row) => row.id)
  const ids: number[] = []
  for (const row of rows) {
    if (!row.answered_today) {
      if (gate.left <= 0) {
        gate.heldBack = true
        continue
      }
      gate.left--
    }
    ids.push(row.id)
  }
  return ids
}
