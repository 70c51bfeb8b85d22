import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CardsOfNotes } from '#queries/notes/cards_of_notes'
import CardTransformer from '#transformers/card_transformer'

/** GET notes/cards: a page of cards, from `offset`; a shared deck's reader gets the sides only with `htmlPreview`. */
export default class CardPageTransformer extends BaseTransformer<CardsOfNotes> {
  constructor(
    page: CardsOfNotes,
    protected options: { htmlPreview?: boolean } = {}
  ) {
    super(page)
  }

  toObject() {
    const { cards, offset, limit } = this.resource
    const context = { ...this.resource, htmlPreview: this.options.htmlPreview }
    return { cards: CardTransformer.transform(cards, context), offset, limit }
  }
}
