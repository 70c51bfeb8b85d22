import { BaseTransformer } from '@adonisjs/core/transformers'
import type { HourBucket } from '#scheduling/hour_bucket'

/** Whether and how often the learner was shown an event (actions/client/events.ts). */
export type EventRecord = {
  eventHash: string
  shown: boolean
  timesShown: number
  firstShownAt: string | null
  hourBucket: HourBucket | null
}

/** GET events/check: whether the learner has been shown the event. */
export default class EventShownTransformer extends BaseTransformer<EventRecord> {
  toObject() {
    return this.pick(this.resource, [
      'eventHash',
      'shown',
      'timesShown',
      'firstShownAt',
      'hourBucket',
    ])
  }
}
