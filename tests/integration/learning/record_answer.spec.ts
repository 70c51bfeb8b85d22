import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { answerCard, answerInTransaction } from '#actions/learning/answer_card'
import { answerContext, studyContext } from '#queries/learning/study_context'
import { answerSnapshot } from '#queries/learning/answer_snapshot'
import { newProgressRow } from '#models/card_progress'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { resetState } from '#tests/support/helpers'
import { cardIdsOf, learnerWithDeck, progressRow, studiedOn } from './support.js'

/*
 * The short way of an answer (answerCard: one read, one call of
 * mnemo_record_answer) must write exactly what the fallback, the
 * transaction path, writes. Every outcome of the function, through both
 * doors and both paths: tests/functional/api/learning/answer_rules.spec.ts.
 */

const VOLATILE = [
  'id',
  'user_id',
  'card_id',
  'deck_id',
  'created_at',
  'updated_at',
  'reviewed_at',
  'due_at',
  'due_at_after',
  'last_reviewed_at',
]
function comparable(row: Record<string, any>) {
  const copy: Record<string, any> = {}
  for (const [key, value] of Object.entries(row)) if (!VOLATILE.includes(key)) copy[key] = value
  if (copy.previous) copy.previous = comparable(copy.previous)
  return copy
}

test.group('The short way of an answer', (group) => {
  group.each.setup(() => resetState())

  test('writes the same progress, review, day and learner rows as the transaction path, answer after answer', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const base = await studyContext(user, deck.id)
    /*
     * the same answers at the same moments, once each way (the scheduler's fuzz depends on the card: one card
     * for both)
     */
    /* a month apart, so that each answer finds the card due (a day's end that moves with the clock) */
    const later = (date: Date, index: number) => new Date(date.getTime() + index * 30 * 86_400_000)
    const steps = (['good', 'again', 'good', 'easy', 'hard'] as const).map((answer, index) => ({
      answer,
      context: { ...base, now: later(base.now, index), dayEnd: later(base.dayEnd, index) },
    }))
    const run = async (write: typeof answerCard) => {
      const results = []
      for (const [version, step] of steps.entries())
        results.push(
          await write(step.context, { cardId, answer: step.answer, version, durationMs: 2500 })
        )
      const written = {
        results: results.map((result) => ({ ...result!, streakMoved: undefined })),
        progress: comparable(await progressRow(user.id, cardId)),
        reviews: (await db.from('review_logs').where('user_id', user.id).orderBy('id')).map(
          comparable
        ),
        day: await studiedOn(user.id, base.today),
        total: (await db.from('users').where('id', user.id).first()).stats_cards_studied,
      }
      await db.from('review_logs').where('user_id', user.id).delete()
      await db.from('card_progress').where('user_id', user.id).delete()
      await db.from('study_days').where('user_id', user.id).delete()
      await db.from('users').where('id', user.id).update({ stats_cards_studied: 0 })
      return written
    }
    const short = await run(answerCard)
    const long = await run(answerInTransaction)
    assert.lengthOf(short.reviews, 5)
    assert.isTrue(short.results.every((result) => !result.replayed))
    assert.equal(short.total, 5)
    assert.deepEqual(short, long)
  })

  test('a card never answered reads as the row the table would create for it', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    await db.table('card_progress').insert({
      user_id: user.id,
      card_id: cardId,
      deck_id: deck.id,
      version: 3,
      created_at: new Date(),
      updated_at: new Date(),
    })
    const {
      user_id: _u,
      card_id: _c,
      created_at: _a,
      updated_at: _b,
      ...stored
    } = await progressRow(user.id, cardId)
    assert.deepEqual(newProgressRow(deck.id, 3), stored)
  })

  test(
    'the deck read with the card gives the card as it reads alone, and nothing for a card outside ' +
      'the session',
    async ({ assert }) => {
      const { user, deck } = await learnerWithDeck(2)
      const other = await learnerWithDeck(1)
      const [answered, fresh] = await cardIdsOf(deck.id)
      const [foreign] = await cardIdsOf(other.deck.id)
      await answerCard(await studyContext(user, deck.id), {
        cardId: answered,
        answer: 'again',
        version: 0,
        durationMs: 1200,
      })

      for (const cardId of [answered, fresh]) {
        const { context, snapshot } = await answerContext(user, deck.id, cardId)
        assert.deepEqual(snapshot, await answerSnapshot(user.id, cardId, context.deckIds))
      }
      const { snapshot: read } = await answerContext(user, deck.id, answered)
      assert.instanceOf(read!.row.due_at, Date)
      assert.equal(read!.row.version, 1)
      assert.isTrue(read!.stored)
      assert.equal((await answerContext(user, deck.id, fresh)).snapshot!.row.version, 0)
      assert.isFalse((await answerContext(user, deck.id, fresh)).snapshot!.stored)
      assert.isNull((await answerContext(user, deck.id, foreign)).snapshot)
      assert.isNull((await answerContext(user, deck.id, foreign + 1000)).snapshot)
    }
  )

  test('the answer that makes the day active works the streak out at once', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(ACTIVE_DAY_CARDS)
    const cards = await cardIdsOf(deck.id)
    for (const [index, cardId] of cards.entries()) {
      const result = await answerCard(await studyContext(user, deck.id), {
        cardId,
        answer: 'good',
        version: 0,
      })
      assert.equal(result!.streakMoved, index === ACTIVE_DAY_CARDS - 1)
    }
    const learner = await db.from('users').where('id', user.id).first()
    assert.equal(learner.streak_current, 1)
    assert.equal(learner.streak_as_of, user.today())
  })
})
