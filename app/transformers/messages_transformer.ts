import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * The shared `messages` prop: the pages' translations (ui.* keys) in the
 * page's language. Several thousand keys on every page: handed on as they
 * are, not copied (services/client_messages.ts caches one per language).
 */
export default class MessagesTransformer extends BaseTransformer<Record<string, string>> {
  toObject() {
    return this.resource
  }
}
