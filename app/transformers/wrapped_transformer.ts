import { BaseTransformer } from '@adonisjs/core/transformers'
import type { WrappedYear } from '#types/study'

/** The year in review (spec: Wrapped summary): GET users/wrapped?year and the wrapped page. */
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
