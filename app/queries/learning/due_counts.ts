import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { preparedQuery } from '#services/prepared_query'
import { progressOf } from '#scheduling/progress_row'
import type { StudyContext } from '#queries/learning/study_context'
import { examOf } from '#queries/learning/study_context'
import { loadFromCounts, parseEasyDays, weekdayOf } from '#scheduling/balance'
import { placementWindow, type Placement } from '#scheduling/scheduler'
import { studyDayBounds } from '#scheduling/study_day'

/*
 * The learner's calendar for one answer (load balancing, easy days, exam
 * mode: app/scheduling/balance.ts, exam.ts): the reviews already due on each
 * study day of the window the answer's fuzz ranges (and an exam's final days)
 * span, in one statement over card_progress (user_id, due_at), and none at all
 * when no answer of the card has a range to choose in (new and learning
 * cards, short intervals). Every deck of the learner counts: it is their day.
 */
const DAY_MS = 86_400_000

const COUNTS = `select floor(extract(epoch from (due_at - $2::timestamptz)) / 86400)::int as day, count(*)::int as due
  from card_progress
 where user_id = $1 and due_at >= $3 and due_at < $4 and state in ('review', 'relearning') and not frozen
 group by 1`
/* the $n of COUNTS in the order they appear, for a driver that binds `?` by position */
const POSITIONAL = [...COUNTS.matchAll(/\$(\d)/g)].map((match) => Number(match[1]) - 1)

export async function placementFor(
  context: StudyContext,
  input: { card: { id: number }; row: Record<string, any>; at: Date; day: string },
  trx?: TransactionClientContract
): Promise<Placement> {
  const exam = examOf(context)
  const window = placementWindow(
    {
      cardId: input.card.id,
      progress: progressOf(input.row),
      algorithm: context.algorithm,
      fsrsParameters: context.fsrsParameters,
      now: input.at,
    },
    exam
  )
  if (!window) return { load: null, exam }
  const { start } = studyDayBounds(input.day, context.user.timezoneOffset ?? 0)
  const from = new Date(start.getTime() + window.lower * DAY_MS)
  const to = new Date(start.getTime() + (window.upper + 1) * DAY_MS)
  const values = [context.user.id, start, from, to]
  /*
   * inside the answer's transaction, the rows it locked are read as they stand (knex binds `?` in the order
   * they appear)
   */
  const locked = trx
    ? await trx.rawQuery(
        COUNTS.replace(/\$(\d)/g, '?'),
        POSITIONAL.map((index) => values[index])
      )
    : null
  const rows = locked ? locked.rows : await preparedQuery('due-counts', COUNTS, values)
  const counts = new Map<number, number>(
    rows.map((row: { day: number; due: number }) => [row.day, row.due])
  )
  return {
    load: loadFromCounts(counts, weekdayOf(input.day), parseEasyDays(context.user.easyDays)),
    exam,
  }
}
