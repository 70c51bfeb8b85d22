import { test } from '@japa/runner'
import { dailyRoom } from '#scheduling/daily_limits'

const use = (overrides = {}) => ({
  reviewsDue: 0,
  newAvailable: 0,
  cardsToday: 0,
  newToday: 0,
  ...overrides,
})

test.group('Daily limits', () => {
  test('new cards stop at the new-cards limit, counting the ones already introduced today', ({
    assert,
  }) => {
    assert.deepEqual(
      dailyRoom(use({ newAvailable: 50 }), { newCardsPerDay: 20, maxCardsPerDay: 200 }),
      { reviews: 0, newCards: 20 }
    )
    assert.deepEqual(
      dailyRoom(use({ newAvailable: 50, newToday: 15, cardsToday: 15 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 200,
      }),
      { reviews: 0, newCards: 5 }
    )
    assert.deepEqual(
      dailyRoom(use({ newAvailable: 50, newToday: 25 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 200,
      }),
      { reviews: 0, newCards: 0 }
    )
    assert.deepEqual(
      dailyRoom(use({ newAvailable: 3 }), { newCardsPerDay: 20, maxCardsPerDay: 200 }),
      { reviews: 0, newCards: 3 }
    )
  })

  test('the maximum takes reviews first, new cards fill what is left', ({ assert }) => {
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 150, newAvailable: 100 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 160,
      }),
      { reviews: 150, newCards: 10 }
    )
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 300, newAvailable: 100 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 200,
      }),
      { reviews: 200, newCards: 0 }
    )
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 300, newAvailable: 100, cardsToday: 190 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 200,
      }),
      { reviews: 10, newCards: 0 }
    )
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 5, cardsToday: 250 }), {
        newCardsPerDay: 20,
        maxCardsPerDay: 200,
      }),
      { reviews: 0, newCards: 0 }
    )
  })

  test('no limits (the medical preset): everything due and every new card', ({ assert }) => {
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 900, newAvailable: 3000, cardsToday: 5000, newToday: 400 }), {
        newCardsPerDay: null,
        maxCardsPerDay: null,
      }),
      { reviews: 900, newCards: 3000 }
    )
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 900, newAvailable: 3000 }), {
        newCardsPerDay: 10,
        maxCardsPerDay: null,
      }),
      { reviews: 900, newCards: 10 }
    )
  })

  test('a limit of zero shows nothing new', ({ assert }) => {
    assert.deepEqual(
      dailyRoom(use({ reviewsDue: 4, newAvailable: 9 }), {
        newCardsPerDay: 0,
        maxCardsPerDay: 200,
      }),
      { reviews: 4, newCards: 0 }
    )
  })
})
