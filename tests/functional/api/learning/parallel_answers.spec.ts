import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { refreshStreak } from '#actions/study/refresh_streak'
import { studyDay } from '#scheduling/study_day'
import { resetState } from '#tests/support/helpers'
import { answerRequest, cardIdsOf, learnerWithDeck, reviewCount } from './support.js'

/*
 * One learner answering from a phone and a laptop at once, or replaying an
 * offline batch while answering: every path that writes an answer takes
 * its locks in one order (study_days.ts), so none of them deadlocks. There
 * is no retry on deadlock to hide one: every request must succeed first time.
 */

const STREAK_COLUMNS = [
  'stats_cards_studied',
  'streak_current',
  'streak_longest',
  'streak_total_active_days',
  'streak_completed_on',
  'streak_freezes',
]

async function countersOf(userId: number) {
  const user = await db.from('users').where('id', userId).select(STREAK_COLUMNS).first()
  const days = await db
    .from('study_days')
    .where('user_id', userId)
    .orderBy('day')
    .select('day', 'cards_studied')
  const reviewDays = await db
    .from('review_logs')
    .where('user_id', userId)
    .groupBy('study_day')
    .orderBy('study_day')
    .select('study_day as day')
    .count('* as n')
  return {
    user,
    studyDays: days.map((row) => ({ day: row.day, count: Number(row.cards_studied) })),
    reviewDays: reviewDays.map((row) => ({ day: row.day, count: Number(row.n) })),
  }
}

/** The counters the answers left are what counting afresh gives: nothing was lost or counted twice. */
async function assertCountersConsistent(assert: any, userId: number, reviews: number) {
  const counters = await countersOf(userId)
  assert.equal(Number(counters.user.stats_cards_studied), reviews)
  assert.deepEqual(counters.studyDays, counters.reviewDays)
  await refreshStreak(userId, studyDay(new Date(), 0))
  const afresh = await db.from('users').where('id', userId).select(STREAK_COLUMNS).first()
  assert.deepEqual(counters.user, afresh)
  return counters
}

test.group('Parallel answers of one learner', (group) => {
  group.each.setup(() => resetState())

  test('20 answers at once on 20 new cards all succeed, with 20 reviews and exact counters', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 20)
    const cardIds = await cardIdsOf(session.deck.id)
    assert.lengthOf(cardIds, 20)

    const answers = await Promise.all(
      cardIds.map((id) =>
        answerRequest(client, session, session.deck.id, { id, version: 0 }, 'good')
      )
    )

    const failures = answers
      .filter((answer) => answer.status() !== 200)
      .map((answer) => `${answer.status()} ${answer.text().slice(0, 200)}`)
    assert.deepEqual(failures, [])
    assert.equal(await reviewCount(session.user.id), 20)
    for (const id of cardIds) assert.equal(await reviewCount(session.user.id, id), 1)
    const counters = await assertCountersConsistent(assert, session.user.id, 20)
    assert.equal(
      counters.studyDays.reduce((sum, day) => sum + day.count, 0),
      20
    )
    /* a day with 20 cards is an active day: the streak is on */
    assert.isAtLeast(Number(counters.user.streak_current), 1)
  })

  test('answers at once with an undo and an offline batch of the same learner all succeed', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 20)
    const cardIds = await cardIdsOf(session.deck.id)
    /* two answers first, so the undo has something to take back whatever runs before it */
    for (const id of cardIds.slice(0, 2)) {
      const first = await answerRequest(
        client,
        session,
        session.deck.id,
        { id, version: 0 },
        'good'
      )
      first.assertStatus(200)
    }
    const now = Date.now()
    const offline = cardIds.slice(14, 20).map((id, index) => ({
      deck_id: session.deck.id,
      card_id: id,
      answer: 'good',
      reviewed_at: new Date(now - (6 - index) * 1000).toISOString(),
      review_duration_ms: 3000,
    }))

    const [undo, batch, ...answers] = await Promise.all([
      client
        .delete('/api/learning/undo')
        .bearerToken(session.token)
        .qs({ deck_id: session.deck.id }),
      client
        .post('/api/learning/log_cards_review')
        .bearerToken(session.token)
        .json({ reviews: offline }),
      ...cardIds
        .slice(2, 14)
        .map((id) => answerRequest(client, session, session.deck.id, { id, version: 0 }, 'good')),
    ])

    const failures = [undo, batch, ...answers]
      .filter((answer) => answer.status() !== 200)
      .map((answer) => `${answer.status()} ${answer.text().slice(0, 200)}`)
    assert.deepEqual(failures, [])
    assert.equal(batch.body().accepted, 6)
    assert.deepEqual(batch.body().rejected, [])
    /* 2 before, 12 answers, 6 offline, one undone */
    assert.equal(await reviewCount(session.user.id), 2 + 12 + 6 - 1)
    await assertCountersConsistent(assert, session.user.id, 19)
  })
})
