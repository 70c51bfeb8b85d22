import { BaseTransformer } from '@adonisjs/core/transformers'

/** A card's flag as the learner set it. */
type FlaggedCard = { cardId: number; noteId: number; deckId: number; flag: number }

/** PUT cards/{id}/flag and the learning page's Ctrl+1..7: the card's flag now (0: none). */
export default class CardFlagTransformer extends BaseTransformer<FlaggedCard> {
  toObject() {
    return this.pick(this.resource, ['cardId', 'noteId', 'deckId', 'flag'])
  }
}
