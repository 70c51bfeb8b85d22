import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'

/** A deck the generator may fill: the one it was opened for, or a choice of the learner's own decks. */
export default class AiTargetDeckTransformer extends BaseTransformer<Deck> {
  toObject() {
    return this.pick(this.resource, ['id', 'name'])
  }
}
