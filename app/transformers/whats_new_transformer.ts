import { BaseTransformer } from '@adonisjs/core/transformers'

/** An entry of What's new (services/help_content.ts): its words are in the messages, by id. */
export default class WhatsNewTransformer extends BaseTransformer<{ id: string; date: string }> {
  toObject() {
    return this.pick(this.resource, ['id', 'date'])
  }
}
