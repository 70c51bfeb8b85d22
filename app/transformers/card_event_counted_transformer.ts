import { BaseTransformer } from '@adonisjs/core/transformers'

/** What countCardEvent read: whether this one counted, its kind, the study day and today's count of the kind. */
type Counted = { counted: boolean; kind: 'tts_play' | 'type_in'; day: string; todayCount: number }

/** A TTS play or a type-in answer: whether it counted (once per card a day), and today's count of its kind. */
export default class CardEventCountedTransformer extends BaseTransformer<Counted> {
  toObject() {
    return this.pick(this.resource, ['counted', 'kind', 'day', 'todayCount'])
  }
}
