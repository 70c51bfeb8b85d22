import { BaseTransformer } from '@adonisjs/core/transformers'
import type { WrappedYear } from '#types/study'

/** GET users/wrapped?year: the year in review (spec: Wrapped summary). */
export default class WrappedTransformer extends BaseTransformer<WrappedYear> {
  toObject() {
    return this.pick(this.resource, [
      'year',
      'activeDaysCount',
      'longestStreak',
      'mostProductiveDay',
      'mostProductiveDecks',
      'mostChallengedCard',
      'collaboratorsCount',
      'attachmentsCount',
      'studiedCardsCount',
      'createdCardsCount',
      'daysWithUs',
      'busiestHourBucket',
    ])
  }
}
