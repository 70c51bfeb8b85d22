import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'

/** The deck whose card style the screen edits: what names it and the preset it uses. */
export default class CardStyleDeckTransformer extends BaseTransformer<Deck> {
  toObject() {
    return this.pick(this.resource, ['id', 'name', 'cardPresetId'])
  }
}
