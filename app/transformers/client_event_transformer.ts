import { BaseTransformer } from '@adonisjs/core/transformers'
import EventShownTransformer, { type EventRecord } from '#transformers/event_shown_transformer'

/** POST events: the event as recorded, and whether it had been shown before this call. */
export default class ClientEventTransformer extends BaseTransformer<
  EventRecord & { alreadyShown: boolean }
> {
  toObject() {
    return {
      alreadyShown: this.resource.alreadyShown,
      ...new EventShownTransformer(this.resource).toObject(),
    }
  }
}
