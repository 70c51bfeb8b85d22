import { test } from '@japa/runner'
import { buryModeOf, siblingKindsToBury, type BuryMode } from '#scheduling/burying'

/*
 * Anki's rule (rslib/src/scheduler/bury_and_suspend.rs, BuryMode::exclude_earlier_gathered_queues): an answer
 * buries the sibling kinds the deck's options name, less those a session gathers before the answered card's
 * kind (learning, then interday learning, then reviews, then new cards).
 */

const ALL: BuryMode = { buryNew: true, buryReviews: true, buryInterdayLearning: true }
const NONE: BuryMode = { buryNew: false, buryReviews: false, buryInterdayLearning: false }

test.group('Sibling burying: which kinds an answer buries', () => {
  const cases: [string, BuryMode, string, string[]][] = [
    ['options off', NONE, 'review', []],
    ['all on, a new card answered', ALL, 'new', ['new']],
    ['all on, a review answered', ALL, 'review', ['new', 'review']],
    ['all on, a learning card answered', ALL, 'learning', ['new', 'review', 'interdayLearning']],
    [
      'all on, a relearning card answered',
      ALL,
      'relearning',
      ['new', 'review', 'interdayLearning'],
    ],
    ['reviews only, a new card answered', { ...NONE, buryReviews: true }, 'new', []],
    ['reviews only, a review answered', { ...NONE, buryReviews: true }, 'review', ['review']],
    ['interday only, a review answered', { ...NONE, buryInterdayLearning: true }, 'review', []],
    ['new only, a learning card answered', { ...NONE, buryNew: true }, 'learning', ['new']],
    ['speed learning buries nothing', ALL, 'study_again', []],
    ['nor does a card got', ALL, 'got_it', []],
  ]
  for (const [name, mode, state, kinds] of cases) {
    test(name, ({ assert }) => {
      assert.deepEqual(siblingKindsToBury(mode, state), kinds)
    })
  }

  test('the options are off unless stored as true (Anki defaults)', ({ assert }) => {
    assert.deepEqual(buryModeOf(null), NONE)
    assert.deepEqual(buryModeOf({}), NONE)
    assert.deepEqual(buryModeOf({ bury_new: true, bury_reviews: false }), {
      ...NONE,
      buryNew: true,
    })
  })
})
