import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckReport from '#models/deck_report'

/** A learner's report of a deck, as a moderator's closing it answers (POST moderation/reports/{id}). */
export default class DeckReportTransformer extends BaseTransformer<DeckReport> {
  toObject() {
    return this.pick(this.resource, ['id', 'status'])
  }
}
