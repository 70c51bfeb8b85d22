import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { answerCard } from '#actions/learning/answer_card'
import { undoAnswer } from '#actions/learning/undo_answer'
import { archiveDeck } from '#actions/decks/archive_deck'
import { sessionStart, nextSessionCards } from '#queries/learning/session_batch'
import {
  afterUndo,
  asOfNow,
  contextAfter,
  sessionScope,
  sessionStanding,
  topCountersOf,
} from '#queries/learning/session_standing'
import { sessionCards } from '#queries/learning/session_cards'
import { dailyLimit } from '#queries/learning/daily_limit'
import { freeDailyCards, guestCardsStudied } from '#services/plan_limits'
import { studyContext } from '#queries/learning/study_context'
import LearningTransformer from '#transformers/learning_transformer'
import LearningBatchTransformer from '#transformers/learning_batch_transformer'
import LearningAnswerTransformer from '#transformers/learning_answer_transformer'
import LearningUndoTransformer from '#transformers/learning_undo_transformer'
import { serialize } from '#transformers/serialize'
import { makeUser, resetState } from '#tests/support/helpers'
import { cardIdsOf, learnerWithDeck, reviewCount } from './support.js'

const i18n = () => i18nManager.locale('en')

/** Rows the learning reads must never write. */
async function writes(userId: number) {
  const count = async (table: string) =>
    Number((await db.from(table).where('user_id', userId).count('* as n').first()).n)
  return {
    progress: await count('card_progress'),
    reviews: await count('review_logs'),
    days: await count('study_days'),
  }
}

test.group("Learning reads: a session's cards and where it stands", (group) => {
  group.each.setup(() => resetState())

  test('sessionStart reads the first cards, the counters and the daily limit, writing nothing', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(9, { premium: false })
    const before = await writes(user.id)
    const start = await sessionStart(user, deck.id)
    assert.deepEqual(await writes(user.id), before)

    assert.lengthOf(start.cards, 7)
    assert.deepEqual(start.queue.counters, { new: 9, learning: 0, graduated: 0 })
    assert.isFalse(start.undoAvailable)
    assert.deepEqual(start.dailyLimit, {
      limit: freeDailyCards(),
      studiedToday: 0,
      reached: false,
      kind: 'daily',
    })

    const shaped = await serialize(LearningTransformer.transform(start, i18n()))
    assert.deepEqual(shaped.deck, { id: deck.id, name: 'Study deck', rootDeckId: deck.id })
    assert.equal(shaped.card?.id, shaped.cards[0].id)
    assert.deepEqual(
      shaped.answerButtons.map((button) => button.type),
      ['again', 'hard', 'good', 'easy']
    )
    assert.equal(shaped.answerButtons[0].repeatText, '<1m')
    assert.isNull(shaped.errorType)
    assert.isFalse(shaped.tutorialSeen)
  })

  test('nextSessionCards never gives a card the client holds; an empty deck says so', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(3)
    const ids = await cardIdsOf(deck.id)
    const batch = await nextSessionCards(user, deck.id, 7, [ids[0]])
    assert.deepEqual(
      batch.cards.map((card) => card.card.id),
      ids.slice(1)
    )
    assert.deepEqual(
      batch.cards.map((card) => card.version),
      [0, 0]
    )

    const empty = await learnerWithDeck(0)
    const emptyBatch = await nextSessionCards(empty.user, empty.deck.id)
    const none = await serialize(LearningBatchTransformer.transform(emptyBatch, i18n()))
    assert.deepEqual(none.cards, [])
    assert.equal(none.errorType, 'emptyDeck')
  })

  test('sessionStanding after an answer: the counters as of now, undo available, the learner read again', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(2)
    const [cardId] = await cardIdsOf(deck.id)
    const context = await studyContext(user, deck.id)
    const result = await answerCard(context, { cardId, answer: 'again', version: 0 })
    const standing = await sessionStanding(asOfNow(context), { learner: true })
    assert.deepEqual(standing.topCounters, { new: 1, learning: 1, graduated: 0 })
    assert.isTrue(standing.undoAvailable)
    assert.equal(user.statsCardsStudied, 1)

    const shaped = await serialize(LearningAnswerTransformer.transform(result, standing))
    assert.deepInclude(shaped.card, { id: cardId, state: 'learning', version: 1, isFrozen: false })
    assert.isFalse(shaped.replayed)
    assert.equal(shaped.streak.currentDuration, 0)
  })

  test("afterUndo gives the card back as the session shows it, in the card's deck when the call names none", async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    await answerCard(await studyContext(user, deck.id), { cardId, answer: 'good', version: 0 })
    const scope = await sessionScope(user, undefined)
    assert.isNull(scope)
    const undone = await undoAnswer(user, { today: user.today(), deckIds: null })
    const after = await afterUndo(user, scope, undone)
    assert.equal(after.context.deck.id, deck.id)
    const shaped = await serialize(LearningUndoTransformer.transform(after, i18n()))
    assert.deepInclude(shaped.card!, { id: cardId, state: 'new', version: 2 })
    assert.deepEqual(shaped.topCounters, { new: 1, learning: 0, graduated: 0 })
    assert.isFalse(shaped.isUndoActionAvailable)
    assert.equal(await reviewCount(user.id), 0)
  })

  test("the session's deck is checked first: another learner's deck is a 404, an archived one refused", async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const stranger = await makeUser()
    assert.equal((await sessionScope(stranger, deck.id).catch((caught) => caught)).status, 404)
    const context = await contextAfter(user, null, deck.id)
    assert.deepEqual(await topCountersOf(context), { new: 1, learning: 0, graduated: 0 })
    assert.lengthOf(await sessionCards(context, [...(await cardIdsOf(deck.id)), 999999]), 1)
    await archiveDeck(user, { id: deck.id, archived: true })
    assert.equal(
      (await sessionScope(user, deck.id).catch((caught) => caught)).code,
      'E_DECK_ARCHIVED'
    )
  })

  test('dailyLimit: none for premium, 500 cards in all for a guest, 100 a day for a free learner', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(1)
    const today = user.today()
    assert.deepEqual(await dailyLimit(user, today), {
      limit: null,
      studiedToday: 0,
      reached: false,
      kind: null,
    })
    const guest = await makeUser({ provider: 'guest', email: null, password: null })
    assert.deepInclude(await dailyLimit(guest, today), {
      limit: guestCardsStudied(),
      kind: 'guest',
      reached: false,
    })

    user.isPremium = false
    await user.save()
    await answerCard(await studyContext(user, deck.id), {
      cardId: (await cardIdsOf(deck.id))[0],
      answer: 'good',
      version: 0,
    })
    assert.deepEqual(await dailyLimit(user, today), {
      limit: freeDailyCards(),
      studiedToday: 1,
      reached: false,
      kind: 'daily',
    })
  })
})
