import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckReport from '#models/deck_report'

/** POST decks/{id}/report: the report is filed (what it says stays with the moderators). */
export default class ReportFiledTransformer extends BaseTransformer<DeckReport> {
  toObject() {
    return { reported: true as boolean }
  }
}
