import type { HttpContext } from '@adonisjs/core/http'
import { editCard } from '#actions/learning/edit_card'
import { suspendCard } from '#actions/learning/suspend_card'
import { flagCard } from '#actions/learning/flag_card'
import { buryCard } from '#actions/learning/bury_cards'
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
import CardFlagTransformer from '#transformers/card_flag_transformer'
import LearningCardBuriedTransformer from '#transformers/learning_card_buried_transformer'
import { editCardValidator, flagCardValidator } from '#validators/learning'

/** A card on the learning screen: edit in place, remove, flag, bury, and its statistics sheet. */
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

  /** PUT cards/{id}/flag {flag}: the learner's flag on the card, 1-7 (Anki's colours) or 0 for none. */
  async flag({ auth, params, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { flag } = await request.validateUsing(flagCardValidator)
    return serialize(CardFlagTransformer.transform(await flagCard(user, { id: params.id, flag })))
  }

  /**
   * POST cards/{id}/bury: the card leaves this learner's study until their next study day (query deck_id: the
   * session's counters).
   */
  async bury({ auth, params, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const buried = await buryCard(user, { id: params.id })
    const context = await studyContext(user, request.input('deck_id') ?? buried.deckId)
    const counters = await topCountersOf(context)
    return serialize(LearningCardBuriedTransformer.transform(buried, counters))
  }

  async stats({ auth, params }: HttpContext) {
    const stats = await cardStats(auth.use('api').getUserOrFail(), params.id)
    return serialize(CardStatsTransformer.transform(stats))
  }
}
