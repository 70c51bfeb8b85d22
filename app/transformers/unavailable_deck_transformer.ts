import { BaseTransformer } from '@adonisjs/core/transformers'
import type { UnavailableDeck } from '#types/decks'

/** A shared main deck no longer available to this former participant, and why (until dismissed). */
export default class UnavailableDeckTransformer extends BaseTransformer<UnavailableDeck> {
  toObject() {
    return this.pick(this.resource, ['id', 'name', 'reason'])
  }
}
