import type { HttpContext } from '@adonisjs/core/http'
import { editCard } from '#actions/learning/edit_card'
import { suspendCard } from '#actions/learning/suspend_card'
import { sessionCards } from '#queries/learning/session_cards'
import { topCountersOf } from '#queries/learning/session_standing'
import { studyContext } from '#queries/learning/study_context'
import { loadNotes } from '#queries/notes/load_notes'
import { cardStats } from '#queries/learning/card_stats'
import LearningCardEditedTransformer from '#transformers/learning_card_edited_transformer'
import LearningCardRemovedTransformer from '#transformers/learning_card_removed_transformer'
import NoteTransformer from '#transformers/note_transformer'
import { serialize } from '#transformers/serialize'
import CardStatsTransformer from '#transformers/card_stats_transformer'
import { editCardValidator } from '#validators/learning'

/** A card on the learning screen: edit in place, remove, and its statistics sheet. */
export default class StudyCardsController {
  /** PUT cards/{id}; with return_learning_data the card comes back as the session shows it, in the session's deck. */
  async update({ auth, request, params, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(editCardValidator)
    const card = await editCard(user, { ...input, id: params.id })
    if (!input.return_learning_data) {
      const loaded = await loadNotes(user, [card.note_id])
      return serialize(NoteTransformer.transform(loaded.notes[0], loaded))
    }
    const context = await studyContext(user, input.deck_id ?? card.deck_id)
    const cards = await sessionCards(context, [card.id])
    return serialize(LearningCardEditedTransformer.transform({ context, cards }, i18n))
  }

  /**
   * DELETE cards/{id}/suspend: the card leaves this learner's study, nothing is deleted (query deck_id: the
   * session's counters).
   */
  async suspend({ auth, params, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const removed = await suspendCard(user, { id: params.id })
    const context = await studyContext(user, request.input('deck_id') ?? removed.deckId)
    const counters = await topCountersOf(context)
    return serialize(LearningCardRemovedTransformer.transform(removed, counters))
  }

  async stats({ auth, params }: HttpContext) {
    const stats = await cardStats(auth.use('api').getUserOrFail(), params.id)
    return serialize(CardStatsTransformer.transform(stats))
  }
}
