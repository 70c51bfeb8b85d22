import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { answerCard } from '#actions/learning/answer_card'
import { undoAnswer } from '#actions/learning/undo_answer'
import { studyContext } from '#queries/learning/study_context'
import { isUndoAvailable, undoableAnswer } from '#queries/learning/undoable_answer'
import { createDeck } from '#actions/decks/create_deck'
import ApiException from '#exceptions/api_exception'
import { resetState } from '#tests/support/helpers'
import { cardIdsOf, learnerWithDeck, progressRow, reviewCount, studiedOn } from './support.js'

test.group('undo_answer: the latest answer of the day taken back', (group) => {
  group.each.setup(() => resetState())

  test(
    'the progress row goes back as it was, the review goes, the day counts one card less, the ' +
      'version moves on',
    async ({ assert }) => {
      const { user, deck } = await learnerWithDeck(1)
      const [cardId] = await cardIdsOf(deck.id)
      const context = await studyContext(user, deck.id)
      const today = context.today
      assert.isFalse(await isUndoAvailable(user, today, context.deckIds))

      await answerCard(context, { cardId, answer: 'good', version: 0, durationMs: 3000 })
      const answered = await progressRow(user.id, cardId)
      assert.equal(answered.version, 1)
      assert.equal(answered.reps, 1)
      assert.equal(await studiedOn(user.id, today), 1)
      assert.isTrue(await isUndoAvailable(user, today, context.deckIds))

      const undone = await undoAnswer(user, { today, deckIds: context.deckIds })
      assert.deepEqual(undone, { cardId, deckId: deck.id })
      const restored = await progressRow(user.id, cardId)
      assert.equal(restored.state, 'new')
      assert.equal(restored.reps, 0)
      /* not back to 0: an answer retried from before the undo must not land again */
      assert.equal(restored.version, 2)
      assert.equal(await reviewCount(user.id), 0)
      assert.equal(await studiedOn(user.id, today), 0)
      assert.isFalse(await isUndoAvailable(user, today, context.deckIds))
    }
  )

  test('answers are undone most recent first, one at a time; then there is nothing to undo', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(2)
    const [first, second] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    await answerCard(context, { cardId: first, answer: 'good', version: 0 })
    await answerCard(context, { cardId: second, answer: 'again', version: 0 })

    assert.equal((await undoAnswer(user, { today: context.today, deckIds: null })).cardId, second)
    assert.equal((await undoAnswer(user, { today: context.today, deckIds: null })).cardId, first)
    const error = await undoAnswer(user, { today: context.today, deckIds: null }).catch(
      (caught) => caught
    )
    assert.instanceOf(error, ApiException)
    assert.equal(error.code, 'E_NOTHING_TO_UNDO')
    assert.equal(error.status, 409)
  })

  test('an undo within a deck leaves the answers of other decks alone', async ({ assert }) => {
    const { user, deck } = await learnerWithDeck(1)
    const other = await createDeck(user, { name: 'Other deck' })
    const [cardId] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    await answerCard(context, { cardId, answer: 'good', version: 0 })

    assert.isFalse(await isUndoAvailable(user, context.today, [other.id]))
    const error = await undoAnswer(user, { today: context.today, deckIds: [other.id] }).catch(
      (caught) => caught
    )
    assert.equal(error.code, 'E_NOTHING_TO_UNDO')
    assert.equal(await reviewCount(user.id), 1)
  })

  test('a card changed since the answer (its progress edited elsewhere) ends the undo chain for it', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    await answerCard(context, { cardId, answer: 'good', version: 0 })
    /* a freeze, a reset or another device moved the card's version on */
    await db
      .from('card_progress')
      .where({ user_id: user.id, card_id: cardId })
      .increment('version', 1)

    assert.isNull(await undoableAnswer(user.id, context.today, null))
    const error = await undoAnswer(user, { today: context.today, deckIds: null }).catch(
      (caught) => caught
    )
    assert.equal(error.code, 'E_NOTHING_TO_UNDO')
    assert.equal(await reviewCount(user.id), 1)
  })
})
