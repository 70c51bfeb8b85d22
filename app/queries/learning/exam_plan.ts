import db from '@adonisjs/lucid/services/db'
import type Deck from '#models/deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { notSuspendedSql } from '#queries/learning/in_study'
import { examOf, sessionAlgorithm } from '#queries/learning/study_context'
import { progressOf } from '#scheduling/progress_row'
import { examForecast } from '#scheduling/exam_forecast'
import { parseEasyDays, weekdayOf } from '#scheduling/balance'
import { studyDayBounds } from '#scheduling/study_day'
import type { ExamPlan } from '#types/decks'

/**
 * The plan of the exam ahead on the deck's tree (its root holds the date),
 * for the learner who looks at it: their cards and progress, their pace.
 * Null without an exam ahead. The deck was found through what grants access
 * to it (findDeck), and its root is in the same tree.
 */
export async function examPlanOf(user: User, deck: Deck): Promise<ExamPlan | null> {
  const root =
    deck.rootDeckId && deck.rootDeckId !== deck.id ? await findDeck(user, deck.rootDeckId) : deck
  const now = new Date()
  const today = user.today(now)
  const algorithm = sessionAlgorithm(root, root, today)
  const fsrsParameters = Array.isArray(user.fsrsParameters) ? user.fsrsParameters : null
  const exam = examOf({ algorithm, fsrsParameters })
  if (!exam || !root.examDate) return null
  const deckIds = await subtreeIds(root.id)
  const rows = await db
    .from('cards as c')
    .leftJoin('card_progress as p', (join) =>
      join.on('p.card_id', 'c.id').andOnVal('p.user_id', user.id)
    )
    .whereRaw('c.deck_id = any(?)', [deckIds])
    .whereRaw('not coalesce(p.frozen, false)')
    .whereRaw(notSuspendedSql(), [user.id])
    .whereRaw(`coalesce(p.state, 'new') <> 'new'`)
    .select('c.id', 'p.*')
  const [counts] = await db
    .rawQuery(
      `select (select count(*) from cards c left join card_progress p on p.card_id = c.id and p.user_id = :user
              where c.deck_id = any(:decks) and coalesce(p.state, 'new') = 'new' and not coalesce(p.frozen, false)
                and not exists (select 1 from card_suspensions s where s.card_id = c.id and s.user_id =
                  :user))::int as new_cards,
            (select count(distinct card_id) from review_logs
              where user_id = :user and study_day = :today and deck_id = any(:decks) and state_before =
                'new')::int as new_today`,
      { user: user.id, decks: deckIds, today }
    )
    .then((result) => result.rows)
  const forecast = examForecast({
    cards: rows.map((row) => ({ id: row.id, progress: progressOf(row) })),
    newCards: counts.new_cards,
    newToday: counts.new_today,
    now,
    dayStart: studyDayBounds(today, user.timezoneOffset ?? 0).start,
    todayWeekday: weekdayOf(today),
    easyDays: parseEasyDays(user.easyDays),
    exam,
    ceiling: root.examNewCardsCeiling,
    algorithm,
  })
  return {
    examDate: root.examDate,
    daysLeft: forecast.daysLeft,
    cardsToLearn: forecast.cardsToLearn,
    newPerDay: forecast.pace.perDay,
    newNeeded: forecast.pace.needed,
    ceiling: root.examNewCardsCeiling,
    fits: forecast.pace.fits,
    reviewsPerDay: forecast.reviewsPerDay,
    predictedRetention: forecast.predictedRetention,
    target: forecast.target,
  }
}
