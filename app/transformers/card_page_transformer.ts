import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CardsOfNotes } from '#queries/notes/cards_of_notes'
import CardTransformer from '#transformers/card_transformer'

/** GET notes/cards: a page of cards, from `offset`. */
export default class CardPageTransformer extends BaseTransformer<CardsOfNotes> {
  toObject() {
    const { cards, offset, limit } = this.resource
    return { cards: CardTransformer.transform(cards, this.resource), offset, limit }
  }
}
