import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { answerCard } from '#actions/learning/answer_card'
import { updateDeck } from '#actions/decks/update_deck'
import { queueStanding, studyQueue } from '#queries/learning/queue'
import { studyContext } from '#queries/learning/study_context'
import { resetState } from '#tests/support/helpers'
import type User from '#models/user'
import { cardIdsOf, learnerWithDeck } from './support.js'

/*
 * After every answer the session's standing (its counters, and whether a card
 * is left to show now) is read in one statement for a learner without a
 * daily limit (queueStanding): it must say what the queue itself says when
 * asked for one card, in every state a deck can be in.
 */

async function compare(assert: any, user: User, deckId: number, expected: string | null) {
  const context = await studyContext(user, deckId)
  const fast = await queueStanding(context)
  const queue = await studyQueue(context, { limit: 1 })
  assert.deepEqual(fast, { counters: queue.counters, errorType: queue.errorType })
  assert.equal(fast.errorType, expected)
  return fast.counters
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000)

test.group('The session standing after an answer', (group) => {
  group.each.setup(() => resetState())

  test('one statement tells what the queue tells, from an empty deck to nothing left', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(0)
    await compare(assert, user, deck.id, 'emptyDeck')

    const filled = await learnerWithDeck(4)
    const cards = await cardIdsOf(filled.deck.id)
    assert.deepEqual(await compare(assert, filled.user, filled.deck.id, null), {
      new: 4,
      learning: 0,
      graduated: 0,
    })

    /* every card answered: learning steps due within the learn-ahead limit still come */
    for (const cardId of cards)
      await answerCard(await studyContext(filled.user, filled.deck.id), {
        cardId,
        answer: 'good',
        version: 0,
      })
    const learning = await compare(assert, filled.user, filled.deck.id, null)
    assert.equal(learning.new, 0)
    assert.equal(learning.learning, 4)

    /* due beyond the learn-ahead limit: nothing left now */
    await db
      .from('card_progress')
      .where('user_id', filled.user.id)
      .update({ due_at: minutesFromNow(90) })
    await compare(assert, filled.user, filled.deck.id, 'allCardsLearned')

    /* a review due today: left, unless it is suspended or buried */
    await db
      .from('card_progress')
      .where({ user_id: filled.user.id, card_id: cards[0] })
      .update({ state: 'review', due_at: minutesFromNow(-60), interval_days: 3 })
    assert.equal((await compare(assert, filled.user, filled.deck.id, null)).graduated, 1)
    await db.table('card_burials').insert({
      user_id: filled.user.id,
      card_id: cards[0],
      until: minutesFromNow(600),
      manual: true,
    })
    await compare(assert, filled.user, filled.deck.id, 'allCardsLearned')
    await db
      .from('card_burials')
      .where('user_id', filled.user.id)
      .update({ until: minutesFromNow(-1) })
    await db
      .table('card_suspensions')
      .insert({ user_id: filled.user.id, card_id: cards[0], created_at: new Date() })
    await compare(assert, filled.user, filled.deck.id, 'allCardsLearned')

    /* a frozen learning card due now counts nowhere */
    await db
      .from('card_progress')
      .where({ user_id: filled.user.id, card_id: cards[1] })
      .update({ frozen: true, due_at: minutesFromNow(-5) })
    await compare(assert, filled.user, filled.deck.id, 'allCardsLearned')
  })

  test('new cards without a progress row: suspended, buried and the day limit leave none', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(3)
    const [first, second, third] = await cardIdsOf(deck.id)
    await db
      .table('card_suspensions')
      .insert({ user_id: user.id, card_id: first, created_at: new Date() })
    await db
      .table('card_burials')
      .insert({ user_id: user.id, card_id: second, until: minutesFromNow(600), manual: true })
    /* a card both suspended and buried is left out once */
    await db
      .table('card_burials')
      .insert({ user_id: user.id, card_id: first, until: minutesFromNow(600), manual: true })
    assert.equal((await compare(assert, user, deck.id, null)).new, 1)
    await db
      .table('card_suspensions')
      .insert({ user_id: user.id, card_id: third, created_at: new Date() })
    await compare(assert, user, deck.id, 'allCardsLearned')

    await db.from('card_suspensions').where('user_id', user.id).delete()
    await updateDeck(user, { id: deck.id, new_cards_per_day: 0 })
    assert.deepEqual(await compare(assert, user, deck.id, 'allCardsLearned'), {
      new: 0,
      learning: 0,
      graduated: 0,
    })
  })
})
