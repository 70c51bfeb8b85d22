import { BaseTransformer } from '@adonisjs/core/transformers'
import type { WrappedYear } from '#types/study'

/** The year in review (queries/study/wrapped.ts), as its slides show it. */
export default class WrappedTransformer extends BaseTransformer<WrappedYear> {
  toObject() {
    const wrapped = this.resource
    return {
      ...this.pick(wrapped, [
        'year',
        'activeDaysCount',
        'longestStreak',
        'collaboratorsCount',
        'attachmentsCount',
        'studiedCardsCount',
        'createdCardsCount',
        'daysWithUs',
        'busiestHourBucket',
      ]),
      mostProductiveDay: wrapped.mostProductiveDay && { ...wrapped.mostProductiveDay },
      mostProductiveDecks: wrapped.mostProductiveDecks.map((deck) => ({ ...deck })),
      mostChallengedCard: wrapped.mostChallengedCard && { ...wrapped.mostChallengedCard },
    }
  }
}
