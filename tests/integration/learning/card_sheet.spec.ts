import { test } from '@japa/runner'
import { answerCard } from '#actions/learning/answer_card'
import { suspendCard } from '#actions/learning/suspend_card'
import { cardStats } from '#queries/learning/card_stats'
import { cardsOfNotes } from '#queries/notes/cards_of_notes'
import { studyContext } from '#queries/learning/study_context'
import CardStatsTransformer from '#transformers/card_stats_transformer'
import { serialize } from '#transformers/serialize'
import { cardStatus } from '#scheduling/card_status'
import CardPageTransformer from '#transformers/card_page_transformer'
import { makeUser, resetState } from '#tests/support/helpers'
import { cardIdsOf, learnerWithDeck } from './support.js'

test.group("A card's sheet and the cards of notes", (group) => {
  group.each.setup(() => resetState())

  test('cardStats reads the progress and the history; the sheet adds the status, the counts and the times', async ({
    assert,
  }) => {
    const { user, deck, notes } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const untouched = await serialize(CardStatsTransformer.transform(await cardStats(user, cardId)))
    assert.deepInclude(untouched, {
      cardId,
      noteId: notes[0].id,
      deckId: deck.id,
      status: 'not_studied',
      reviewsCount: 0,
      averageReviewTimeMs: null,
    })

    const context = await studyContext(user, deck.id)
    await answerCard(context, { cardId, answer: 'again', version: 0, durationMs: 2000 })
    await answerCard(
      { ...context, now: new Date() },
      { cardId, answer: 'good', version: 1, durationMs: 4000 }
    )
    await suspendCard(user, { id: cardId })
    const sheet = await serialize(CardStatsTransformer.transform(await cardStats(user, cardId)))
    assert.deepInclude(sheet, {
      status: 'learning',
      isSuspended: true,
      reviewsCount: 2,
      averageReviewTimeMs: 3000,
      totalReviewTimeMs: 6000,
    })
    assert.deepEqual(
      sheet.history.map((review) => review.answer),
      ['good', 'again']
    )

    const stranger = await makeUser()
    assert.equal((await cardStats(stranger, cardId).catch((caught) => caught)).status, 404)
  })

  test("cardStatus names the states as users see them; a review card is mastered from 21 days on (Anki's mature)", ({
    assert,
  }) => {
    const table: [string, boolean, number, string][] = [
      ['review', true, 40, 'frozen'],
      ['relearning', false, 0, 'learning'],
      ['study_again', false, 0, 'not_quite'],
      ['got_it', false, 0, 'got_it'],
      ['review', false, 1, 'learned'],
      ['review', false, 4, 'learned'],
      ['review', false, 20, 'learned'],
      ['review', false, 21, 'mastered'],
      ['review', false, 365, 'mastered'],
      ['new', false, 0, 'not_studied'],
    ]
    for (const [state, frozen, interval, status] of table)
      assert.equal(cardStatus(state, frozen, interval), status, `${state}, ${interval} days`)
  })

  test("cardsOfNotes pages the deck's cards, rendered, with the learner's progress and suspensions", async ({
    assert,
  }) => {
    const { user, deck, notes } = await learnerWithDeck(2)
    const [first, second] = await cardIdsOf(deck.id)
    await suspendCard(user, { id: second })
    const page = await serialize(
      CardPageTransformer.transform(await cardsOfNotes(user, deck.id, undefined, 0))
    )
    assert.deepEqual(
      page.cards.map((card) => [card.id, card.isSuspended, card.state]),
      [
        [first, false, 'new'],
        [second, true, 'new'],
      ]
    )
    assert.include(page.cards[0].front, 'Question 1')
    assert.deepInclude(page, { offset: 0, limit: 50 })
    const one = await serialize(
      CardPageTransformer.transform(await cardsOfNotes(user, deck.id, [notes[1].id], 0))
    )
    assert.deepEqual(
      one.cards.map((card) => card.id),
      [second]
    )
  })
})
