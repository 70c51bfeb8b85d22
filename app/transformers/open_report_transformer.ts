import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ModerationQueue } from '#queries/publishing/moderation_queue'

/** An open report of the moderation queue, with the name of the deck it is about. */
export default class OpenReportTransformer extends BaseTransformer<
  ModerationQueue['reports'][number]
> {
  toObject() {
    return this.pick(this.resource, ['id', 'text', 'publicDeckId', 'deckName', 'createdAt'])
  }
}
