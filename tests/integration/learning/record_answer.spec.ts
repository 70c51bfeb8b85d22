import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { answerInTransaction } from '#actions/learning/answer_card'
import { recordAnswer } from '#actions/learning/record_answer'
import { answerContext, studyContext } from '#queries/learning/study_context'
import { answerSnapshot } from '#queries/learning/answer_snapshot'
import { answerRows } from '#actions/learning/answer_rows'
import { newProgressRow } from '#models/card_progress'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { resetState } from '#tests/support/helpers'
import { cardIdsOf, learnerWithDeck, progressRow, reviewCount, studiedOn } from './support.js'

/*
 * The short way of an answer (record_answer.ts: one read, one call of
 * mnemo_record_answer) must write exactly what the transaction path writes,
 * and must step aside, writing nothing, whenever the card is not as it read it.
 */

const VOLATILE = ['id', 'user_id', 'card_id', 'deck_id', 'created_at', 'updated_at', 'reviewed_at', 'due_at', 'due_at_after', 'last_reviewed_at']
function comparable(row: Record<string, any>) {
  const copy: Record<string, any> = {}
  for (const [key, value] of Object.entries(row)) if (!VOLATILE.includes(key)) copy[key] = value
  if (copy.previous) copy.previous = comparable(copy.previous)
  return copy
}

async function callRecord(userId: number, cardId: number, version: number, day: string, limit: [string | null, number | null] = [null, null]) {
  const { rows } = await db.rawQuery('select * from mnemo_record_answer(?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    userId, cardId, version, JSON.stringify({}), JSON.stringify({}), day, limit[0], limit[1], ACTIVE_DAY_CARDS,
  ])
  return rows[0].outcome as string
}

test.group('The short way of an answer', (group) => {
  group.each.setup(() => resetState())

  test('writes the same progress, review, day and learner rows as the transaction path, answer after answer', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const base = await studyContext(user, deck.id)
    /* the same answers at the same moments, once each way (the scheduler's fuzz depends on the card: one card for both) */
    const steps = (['good', 'again', 'good', 'easy', 'hard'] as const).map((answer, index) => ({
      answer, context: { ...base, now: new Date(base.now.getTime() + index * 3 * 86_400_000) },
    }))
    const run = async (write: typeof recordAnswer) => {
      const results = []
      for (const [version, step] of steps.entries()) results.push(await write(step.context, { cardId, answer: step.answer, version, durationMs: 2500 }))
      const written = {
        results: results.map((result) => ({ ...result!, streakMoved: undefined })),
        progress: comparable(await progressRow(user.id, cardId)),
        reviews: (await db.from('review_logs').where('user_id', user.id).orderBy('id')).map(comparable),
        day: await studiedOn(user.id, base.today),
        total: (await db.from('users').where('id', user.id).first()).stats_cards_studied,
      }
      await db.from('review_logs').where('user_id', user.id).delete()
      await db.from('card_progress').where('user_id', user.id).delete()
      await db.from('study_days').where('user_id', user.id).delete()
      await db.from('users').where('id', user.id).update({ stats_cards_studied: 0 })
      return written
    }
    const short = await run(recordAnswer)
    const long = await run(answerInTransaction)
    assert.lengthOf(short.reviews, 5)
    assert.isTrue(short.results.every((result) => !result.replayed))
    assert.equal(short.total, 5)
    assert.deepEqual(short, long)
  })

  test('a card never answered reads as the row the table would create for it', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    await db.table('card_progress').insert({ user_id: user.id, card_id: cardId, deck_id: deck.id, version: 3, created_at: new Date(), updated_at: new Date() })
    const { user_id: _u, card_id: _c, created_at: _a, updated_at: _b, ...stored } = await progressRow(user.id, cardId)
    assert.deepEqual(newProgressRow(deck.id, 3), stored)
  })

  test('steps aside, writing nothing, for a card that moved on, a repeated answer or an unknown card', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    assert.isNotNull(await recordAnswer(context, { cardId, answer: 'good', version: 0, durationMs: 3000 }))
    assert.equal(await reviewCount(user.id), 1)

    /* the version it was shown with is gone, the same answer again without a version, a card of no deck of the session */
    assert.isNull(await recordAnswer(context, { cardId, answer: 'good', version: 0, durationMs: 3000 }))
    assert.isNull(await recordAnswer({ ...context, now: new Date() }, { cardId, answer: 'good', durationMs: 3000 }))
    assert.isNull(await recordAnswer(context, { cardId: cardId + 1000, answer: 'good' }))
    assert.equal(await reviewCount(user.id), 1)
    assert.equal((await progressRow(user.id, cardId)).version, 1)
  })

  test('the deck read with the card gives the card as it reads alone, and nothing for a card outside the session', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(2)
    const other = await learnerWithDeck(1)
    const [answered, fresh] = await cardIdsOf(deck.id)
    const [foreign] = await cardIdsOf(other.deck.id)
    await recordAnswer(await studyContext(user, deck.id), { cardId: answered, answer: 'again', version: 0, durationMs: 1200 })

    for (const cardId of [answered, fresh]) {
      const { context, snapshot } = await answerContext(user, deck.id, cardId)
      assert.deepEqual(snapshot, await answerSnapshot(user.id, cardId, context.deckIds))
    }
    const { snapshot: read } = await answerContext(user, deck.id, answered)
    assert.instanceOf(read!.row.due_at, Date)
    assert.equal(read!.row.version, 1)
    assert.equal(read!.last!.answer, 'again')
    assert.equal((await answerContext(user, deck.id, fresh)).snapshot!.row.version, 0)
    assert.isNull((await answerContext(user, deck.id, foreign)).snapshot)
    assert.isNull((await answerContext(user, deck.id, foreign + 1000)).snapshot)
  })

  test('the locked write refuses a version that is no longer the card\'s, a frozen or suspended card, and a free learner at the limit', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(3, { premium: false })
    const [first, second, third] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    await recordAnswer(context, { cardId: first, answer: 'good', version: 0 })
    const day = context.today

    assert.equal(await callRecord(user.id, first, 0, day), 'changed')
    await db.from('card_progress').where({ user_id: user.id, card_id: first }).update({ frozen: true })
    assert.equal(await callRecord(user.id, first, 1, day), 'changed')
    await recordAnswer(context, { cardId: second, answer: 'good', version: 0 })
    await db.table('card_suspensions').insert({ user_id: user.id, card_id: second, created_at: new Date() })
    assert.equal(await callRecord(user.id, second, 1, day), 'changed')

    /* the free tier's limit counts distinct cards of the day (2 here); a card begun today may be finished */
    await db.table('card_progress').insert({ user_id: user.id, card_id: third, deck_id: deck.id, version: 0, created_at: new Date(), updated_at: new Date() })
    assert.equal(await callRecord(user.id, third, 0, day, ['daily', 2]), 'limit')
    assert.equal(await callRecord(user.id, third, 0, day, ['guest', 2]), 'limit')
    assert.equal(await reviewCount(user.id), 2)
    await db.from('card_progress').where({ user_id: user.id, card_id: first }).update({ frozen: false })
    const row = await progressRow(user.id, first)
    const { progress, review } = answerRows(context, { card: { id: first, deck_id: deck.id }, row, answer: 'good', at: new Date(), day, durationMs: 1000, source: 'session' })
    const { rows } = await db.rawQuery('select * from mnemo_record_answer(?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      user.id, first, 1, JSON.stringify(progress), JSON.stringify(review), day, 'daily', 2, ACTIVE_DAY_CARDS,
    ])
    assert.equal(rows[0].outcome, 'ok')
    assert.equal(await reviewCount(user.id), 3)
    assert.equal((await progressRow(user.id, first)).version, 2)
  })

  test('the answer that makes the day active works the streak out at once', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(ACTIVE_DAY_CARDS)
    const cards = await cardIdsOf(deck.id)
    for (const [index, cardId] of cards.entries()) {
      const result = await recordAnswer(await studyContext(user, deck.id), { cardId, answer: 'good', version: 0 })
      assert.equal(result!.streakMoved, index === ACTIVE_DAY_CARDS - 1)
    }
    const learner = await db.from('users').where('id', user.id).first()
    assert.equal(learner.streak_current, 1)
    assert.equal(learner.streak_as_of, user.today())
  })
})
