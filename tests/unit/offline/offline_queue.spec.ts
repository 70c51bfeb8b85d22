import { test } from '@japa/runner'
import { placedOutcome } from '#scheduling/scheduler'
import { resolveAlgorithm } from '#scheduling/presets'
import { loadFromCounts, NO_EASY_DAYS, weekdayOf } from '#scheduling/balance'
import { NEW_PROGRESS } from '#scheduling/types'

/*
 * The offline study page's queue and answers (inertia/lib/offline/queue.ts), loaded by its path: the
 * server's TypeScript project does not compile the client's sources, so its shape is restated here.
 */
type Card = Record<string, any> & { id: number; noteId: number; progress: Record<string, any> }
type Queue = {
  nextCard(
    deck: any,
    cards: Card[],
    now: Date
  ): { card: Card | null; nextDueAt: string | null; counts: Record<string, number> }
  applyAnswer(
    deck: any,
    cards: Card[],
    card: Card,
    answer: string,
    now: Date
  ): { changed: Card[]; day: { day: string; cardIds: number[]; newIds: number[] }; leech: boolean }
  otherDecksDue(learner: any, cards: Card[]): number[]
}
const { nextCard, applyAnswer, otherDecksDue }: Queue = await import(
  new URL('../../../inertia/lib/offline/queue.ts', import.meta.url).href
)

const NOW = new Date('2026-03-10T12:00:00Z')
const iso = (offsetMinutes: number) =>
  new Date(NOW.getTime() + offsetMinutes * 60_000).toISOString()

function deckOf(
  limits: { newCardsPerDay?: number | null; maxCardsPerDay?: number | null } = {},
  bury = false
) {
  const algorithm = resolveAlgorithm(
    'general',
    {},
    {
      newCardsPerDay: limits.newCardsPerDay ?? null,
      maxCardsPerDay: limits.maxCardsPerDay ?? null,
    }
  )
  return {
    deckId: 1,
    userId: 1,
    status: 'ready',
    settings: {
      algorithm,
      fsrsParameters: null,
      buryMode: { buryNew: bury, buryReviews: bury, buryInterdayLearning: bury },
      learnAheadSeconds: 1200,
    },
    learner: {
      timezoneOffsetMinutes: 0,
      rolloverHour: 4,
      today: '2026-03-10',
      dayStart: '2026-03-10T04:00:00.000Z',
      treeCardsToday: 0,
      treeNewToday: 0,
      planLimit: { kind: null, limit: null, used: 0 },
      dueByDay: [3, 1, 0, 2, 5, 0, 1, 4, 2, 0],
      easyDays: [...NO_EASY_DAYS],
    },
    otherDueByDay: null,
    day: null,
  }
}

function card(
  id: number,
  progress: Record<string, any> = {},
  extra: Record<string, any> = {}
): Card {
  return {
    id,
    noteId: extra.noteId ?? id,
    deckId: 1,
    ord: 0,
    isFrozen: false,
    isSuspended: false,
    buriedUntil: null,
    progress: { ...NEW_PROGRESS, dueAt: null, lastReviewedAt: null, ...progress },
    ...extra,
  }
}

/* a deck under FSRS, with a learner's own weights */
function fsrsDeck() {
  const deck = deckOf()
  deck.settings.algorithm = { ...deck.settings.algorithm, scheduler: 'fsrs' }
  deck.settings.fsrsParameters = [
    0.1306, 0.4813, 2.2103, 8.3426, 6.5153, 0.6551, 2.5714, 0.0094, 1.4893, 0.2127, 0.9426, 1.8366,
    0.0792, 0.3328, 1.4952, 0.3652, 2.2129, 0.6103, 0.2122, 0.0845, 0.2385,
  ] as any
  return deck
}

const review = (dueMinutes: number) => ({
  state: 'review',
  dueAt: iso(dueMinutes),
  intervalDays: 10,
  ease: 2.5,
  reps: 4,
  lastReviewedAt: iso(-14_400),
})

test.group('Offline study | the queue', () => {
  test('learning cards due come first, then the reviews due today, then new cards in note order', ({
    assert,
  }) => {
    const deck = deckOf()
    const cards = [
      card(1),
      card(2, review(-60)),
      card(3, { state: 'learning', step: 1, dueAt: iso(-1), reps: 1 }),
      card(4, review(60 * 24 * 3)),
    ]
    assert.equal(nextCard(deck, cards, NOW).card!.id, 3)
    assert.equal(nextCard(deck, cards.slice(0, 2), NOW).card!.id, 2)
    assert.equal(nextCard(deck, [cards[0], cards[3]], NOW).card!.id, 1)
    assert.deepEqual(nextCard(deck, cards, NOW).counts, { learning: 1, review: 1, new: 1 })
  })

  test('frozen, suspended and buried cards are left out; the new cards stop at the daily limit', ({
    assert,
  }) => {
    const deck = deckOf({ newCardsPerDay: 1 })
    const buried = iso(60)
    const cards = [
      card(1, {}, { isFrozen: true }),
      card(2, {}, { isSuspended: true }),
      card(3, {}, { buriedUntil: buried }),
      card(4),
      card(5),
    ]
    const first = nextCard(deck, cards, NOW)
    assert.equal(first.card!.id, 4)
    assert.equal(first.counts.new, 1)
    /* one new card introduced today: none is left */
    const used = { ...deck, day: { day: '2026-03-10', cardIds: [4], newIds: [4], allCards: 1 } }
    assert.isNull(nextCard(used, cards, NOW).card)
  })

  test('a learning card due later comes early when nothing else is left, and not past the learn-ahead limit', ({
    assert,
  }) => {
    const deck = deckOf()
    const soon = card(1, { state: 'learning', step: 1, dueAt: iso(10), reps: 1 })
    assert.equal(nextCard(deck, [soon], NOW).card!.id, 1)
    const later = card(1, { state: 'learning', step: 1, dueAt: iso(30), reps: 1 })
    const none = nextCard(deck, [later], NOW)
    assert.isNull(none.card)
    assert.equal(none.nextDueAt, iso(30))
  })

  test("the plan's daily limit holds: only cards already studied today come once it is used up", ({
    assert,
  }) => {
    const deck = deckOf()
    deck.learner.planLimit = { kind: 'daily', limit: 2, used: 2 } as any
    const cards = [card(1), card(2, { state: 'learning', step: 1, dueAt: iso(-1), reps: 1 })]
    assert.isNull(nextCard(deck, cards, NOW).card)
    const seen = { ...deck, day: { day: '2026-03-10', cardIds: [2], newIds: [], allCards: 0 } }
    assert.equal(nextCard(seen, cards, NOW).card!.id, 2)
  })

  test('a card SM-2 scheduled is studied under FSRS on the device too', ({ assert }) => {
    const deck = fsrsDeck()
    const sm2Review = card(1, { ...review(-60), stability: null })
    assert.equal(nextCard(deck, [sm2Review], NOW).card!.id, 1)
    const fsrsReview = card(1, { ...review(-60), stability: 12, difficulty: 5 })
    assert.equal(nextCard(deck, [fsrsReview], NOW).card!.id, 1)
  })
})

/** A card's progress as the server's scheduler reads it: the device keeps its dates as ISO strings. */
function serverProgress(stored: ReturnType<typeof card>) {
  return {
    ...stored.progress,
    dueAt: new Date(stored.progress.dueAt),
    lastReviewedAt: new Date(stored.progress.lastReviewedAt),
  } as any
}

test.group('Offline study | an answer', () => {
  test("schedules the card as the server's replay does, with the same calendar", ({ assert }) => {
    const deck = deckOf()
    const answered = card(7, review(-60))
    const others = [card(8, review(60 * 24 * 2)), card(9)]
    const cards = [answered, ...others]
    const withTree = { ...deck, otherDueByDay: otherDecksDue(deck.learner, cards) }
    const { changed } = applyAnswer(withTree, cards, answered, 'good', NOW)

    /* the server: the learner's counts of every deck (this tree's included) on the answer's day */
    const load = loadFromCounts(deck.learner.dueByDay, weekdayOf('2026-03-10'), NO_EASY_DAYS)
    const progress = serverProgress(answered)
    const expected = placedOutcome(
      { cardId: 7, progress, algorithm: deck.settings.algorithm, fsrsParameters: null, now: NOW },
      'good',
      { load, exam: null }
    )
    assert.equal(changed[0].progress.dueAt, expected.progress.dueAt!.toISOString())
    assert.equal(changed[0].progress.intervalDays, expected.progress.intervalDays)
    assert.equal(changed[0].progress.reps, 5)
  })

  test("counts the day's cards and buries the siblings the deck buries", ({ assert }) => {
    const deck = deckOf({}, true)
    const first = card(1, {}, { noteId: 1 })
    const sibling = card(2, {}, { noteId: 1, ord: 1 })
    const { changed, day } = applyAnswer(deck, [first, sibling], first, 'again', NOW)
    assert.deepEqual(day.cardIds, [1])
    assert.deepEqual(day.newIds, [1])
    assert.equal(changed[0].progress.state, 'learning')
    assert.equal(changed[1].id, 2)
    assert.equal(changed[1].buriedUntil, '2026-03-11T04:00:00.000Z')
    const notBuried = applyAnswer(deckOf(), [first, sibling], first, 'again', NOW)
    assert.lengthOf(notBuried.changed, 1)
  })

  test("gives a card SM-2 scheduled its first FSRS memory as the server's scheduler does", ({
    assert,
  }) => {
    const deck = fsrsDeck()
    const answered = card(7, { ...review(-60), ease: 2.3, intervalDays: 40, stability: null })
    const cards = [answered, card(8, review(60 * 24 * 2))]
    const withTree = { ...deck, otherDueByDay: otherDecksDue(deck.learner, cards) }
    const load = loadFromCounts(deck.learner.dueByDay, weekdayOf('2026-03-10'), NO_EASY_DAYS)
    const progress = serverProgress(answered)
    const input = {
      cardId: 7,
      progress,
      algorithm: deck.settings.algorithm,
      fsrsParameters: deck.settings.fsrsParameters,
      now: NOW,
    }
    for (const answer of ['again', 'hard', 'good', 'easy']) {
      const device = applyAnswer(withTree, cards, answered, answer, NOW).changed[0].progress
      const server = placedOutcome(input, answer as any, { load, exam: null }).progress
      assert.deepEqual(device, {
        ...server,
        dueAt: server.dueAt!.toISOString(),
        lastReviewedAt: server.lastReviewedAt!.toISOString(),
      })
      assert.isAbove(device.stability, 0)
    }
  })
})
