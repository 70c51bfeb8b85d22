import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import fitFsrs from '#jobs/fit_fsrs'
import { MIN_REVIEWS_TO_FIT, fitParameters, type ReviewRecord } from '#scheduling/fsrs_optimizer'
import { makeUser, resetState } from '#tests/support/helpers'
import { fixture as fixturePath } from '#tests/support/fixtures'
import { workerOutput } from '#tests/support/worker_process'
import { answer, learnerWithDeck, start } from '../api/learning/support.js'

/* tests/fixtures/README.md: 12,580 reviews of 1,205 cards */
type FixtureReview = { cardId: number; rating: 1 | 2 | 3 | 4; reviewedAt: Date; durationMs: number }
const fixture: FixtureReview[] = readFileSync(fixturePath('fsrs', 'review_logs.csv'), 'utf8')
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((line) => {
    const [cardId, rating, time, duration] = line.split(',')
    return {
      cardId: Number(cardId),
      rating: Number(rating) as FixtureReview['rating'],
      reviewedAt: new Date(time),
      durationMs: Number(duration),
    }
  })

const ANSWERS = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' } as const
/* UTC day boundaries */
const utcDay = (date: Date) => date.toISOString().slice(0, 10)

/** A deck with one note and card per distinct fixture card; returns fixture card id → card row id. */
async function cardsFor(userId: number, fixtureCardIds: number[]) {
  const now = new Date()
  const [deck] = await db
    .table('decks')
    .insert({ user_id: userId, name: 'Josh', created_at: now, updated_at: now })
    .returning('id')
  const noteType = await db.from('note_types').whereNull('user_id').select('id').first()
  const notes: { id: number; guid: string }[] = await db
    .table('notes')
    .multiInsert(
      fixtureCardIds.map((cardId) => ({
        user_id: userId,
        deck_id: deck.id,
        note_type_id: noteType.id,
        guid: `fixture-${cardId}`,
        fields: JSON.stringify({ Front: `card ${cardId}`, Back: '' }),
        created_at: now,
        updated_at: now,
      }))
    )
    .returning(['id', 'guid'])
  const cards: { id: number; note_id: number }[] = await db
    .table('cards')
    .multiInsert(
      notes.map((note) => ({ note_id: note.id, deck_id: deck.id, ord: 0, created_at: now }))
    )
    .returning(['id', 'note_id'])
  const fixtureIdOfNote = new Map(
    notes.map((note) => [note.id, Number(note.guid.slice('fixture-'.length))])
  )
  return {
    deckId: deck.id as number,
    cardIds: new Map(cards.map((card) => [fixtureIdOfNote.get(card.note_id)!, card.id])),
  }
}

/** Stores the reviews as the study session would log them, studyDay overriding the UTC day. */
async function logReviews(userId: number, reviews: FixtureReview[], studyDay?: string) {
  const { deckId, cardIds } = await cardsFor(userId, [
    ...new Set(reviews.map((review) => review.cardId)),
  ])
  const rows = reviews.map((review) => ({
    user_id: userId,
    card_id: cardIds.get(review.cardId)!,
    deck_id: deckId,
    answer: ANSWERS[review.rating],
    rating: review.rating,
    kind: 'review',
    state_before: 'review',
    reviewed_at: review.reviewedAt,
    study_day: studyDay ?? utcDay(review.reviewedAt),
    duration_ms: review.durationMs,
  }))
  /* PostgreSQL takes at most 65,535 parameters a statement */
  for (let offset = 0; offset < rows.length; offset += 2000) {
    await db.table('review_logs').multiInsert(rows.slice(offset, offset + 2000))
  }
  return cardIds
}

async function userRow(userId: number) {
  return db.from('users').where('id', userId).select('fsrs_fit', 'fsrs_parameters').firstOrFail()
}

test.group('Job fit_fsrs', (group) => {
  group.each.setup(() => resetState())

  test("fits a learner's 12,580 reviews, stores the report and keeps the better weights", async ({
    assert,
  }) => {
    const user = await makeUser()
    const cardIds = await logReviews(user.id, fixture)
    assert.equal(cardIds.size, 1205)
    const before = Date.now()

    await fitFsrs({ userId: user.id })

    const row = await userRow(user.id)
    const fit = row.fsrs_fit
    assert.properties(fit, [
      'fittedAt',
      'reviews',
      'trainReviews',
      'testReviews',
      'defaultLogLoss',
      'fittedLogLoss',
      'kept',
    ])
    assert.isAtLeast(Date.parse(fit.fittedAt), before - 1000)
    assert.equal(new Date(fit.fittedAt).toISOString(), fit.fittedAt)
    assert.equal(fit.reviews, 12_580)
    assert.equal(fit.trainReviews + fit.testReviews, 12_580)
    assert.isAbove(fit.testReviews, 0)
    assert.isTrue(fit.kept)
    assert.isBelow(fit.fittedLogLoss, fit.defaultLogLoss)
    assert.isAbove(fit.fittedLogLoss, 0.3)
    assert.isBelow(fit.defaultLogLoss, 0.6)

    const parameters = row.fsrs_parameters
    assert.isArray(parameters)
    assert.lengthOf(parameters, 21)
    assert.isTrue(
      parameters.every((value: unknown) => typeof value === 'number' && Number.isFinite(value))
    )

    /* the history read back from review_logs is the fixture's: the same fit as on the records themselves */
    const records: ReviewRecord[] = fixture.map((review) => ({
      cardId: cardIds.get(review.cardId)!,
      reviewedAt: review.reviewedAt,
      rating: review.rating,
      studyDay: utcDay(review.reviewedAt),
    }))
    const direct = await fitParameters(records)
    assert.deepEqual(parameters, direct.parameters)
    assert.deepInclude(fit, {
      trainReviews: direct.trainReviews,
      testReviews: direct.testReviews,
      defaultLogLoss: direct.defaultLogLoss,
      fittedLogLoss: direct.fittedLogLoss,
    })
  }).timeout(180_000)

  test('a learner with 10 reviews gets no fit and no weights', async ({ assert }) => {
    const user = await makeUser()
    await logReviews(user.id, fixture.slice(0, 10))
    assert.equal(
      Number(
        (await db.from('review_logs').where('user_id', user.id).count('* as total').first()).total
      ),
      10
    )

    await fitFsrs({ userId: user.id })

    const row = await userRow(user.id)
    assert.isNull(row.fsrs_fit)
    assert.isNull(row.fsrs_parameters)
  }).timeout(60_000)

  test('a fit that cannot beat the defaults is reported and the previous weights stay', async ({
    assert,
  }) => {
    const user = await makeUser()
    const previous = [
      0.3, 1.1, 2.2, 8.1, 6.4, 0.8, 3, 0.01, 1.8, 0.17, 0.8, 1.5, 0.06, 0.26, 1.6, 0.6, 1.9, 0.55,
      0.09, 0.07, 0.15,
    ]
    await db
      .from('users')
      .where('id', user.id)
      .update({ fsrs_parameters: JSON.stringify(previous) })
    /* MIN_REVIEWS_TO_FIT reviews all on one study day: no review comes a day after another, nothing to predict */
    await logReviews(user.id, fixture.slice(0, MIN_REVIEWS_TO_FIT), '2024-04-01')

    await fitFsrs({ userId: user.id })

    const row = await userRow(user.id)
    assert.equal(row.fsrs_fit.reviews, MIN_REVIEWS_TO_FIT)
    assert.isFalse(row.fsrs_fit.kept)
    /* NaN losses are stored as null */
    assert.isNull(row.fsrs_fit.defaultLogLoss)
    assert.isNull(row.fsrs_fit.fittedLogLoss)
    assert.deepEqual(row.fsrs_parameters, previous)
  }).timeout(60_000)

  test(
    'in the worker process: the answer that brings a smart-scheduling learner to 1,000 studied cards has ' +
      'their weights fitted',
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 1)
      await db
        .from('users')
        .where('id', session.user.id)
        .update({ is_premium: true, stats_cards_studied: MIN_REVIEWS_TO_FIT - 1 })
      const settings = await client
        .put(`/api/algorithm_settings/${session.deck.id}`)
        .bearerToken(session.token)
        .json({ algorithm_preset: 'general', smart_scheduling: true })
      settings.assertStatus(200)
      await logReviews(session.user.id, fixture)

      const { card } = await start(client, session, session.deck.id)
      await answer(client, session, session.deck.id, card, 'good')

      /* a bounded wait for the worker (dispatched after the answer's commit), not a timed assertion */
      const deadline = Date.now() + 90_000
      let row = await userRow(session.user.id)
      while (!row.fsrs_fit && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        row = await userRow(session.user.id)
      }
      assert.isNotNull(row.fsrs_fit, `no fit stored; the worker said:\n${workerOutput()}`)
      assert.equal(row.fsrs_fit.reviews, 12_580 + 1)
      assert.isTrue(row.fsrs_fit.kept)
      assert.lengthOf(row.fsrs_parameters, 21)
    }
  ).timeout(180_000)
})
