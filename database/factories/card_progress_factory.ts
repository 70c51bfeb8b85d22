import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import CardProgress from '#models/card_progress'

/**
 * A learner's progress on one card, as a study answer leaves it. Merge
 * `userId`, `cardId` and `deckId`; the default is a review card due now
 * (SM-2 figures), `new`/`learning` states through merge.
 */
export const CardProgressFactory = factory
  .define(CardProgress, () => ({
    state: 'review' as const,
    dueAt: DateTime.now(),
    intervalDays: 1,
    easePermille: 2500,
    step: 0,
    reps: 1,
    lapses: 0,
    frozen: false,
  }))
  .build()
