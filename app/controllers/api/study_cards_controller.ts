import type { HttpContext } from '@adonisjs/core/http'
import { editCard, suspendCard } from '#actions/learning/card_edits'
import { nextLearningCards } from '#actions/learning/session'
import { presentLearningCards } from '#queries/learning/present_cards'
import { studyContext } from '#queries/learning/study_context'
import { presentNotes } from '#queries/notes/present_notes'
import { cardStats } from '#queries/learning/card_stats'
import { editCardValidator } from '#validators/learning'

/** A card on the learning screen: edit in place, remove, and its statistics sheet. */
export default class StudyCardsController {
  /** PUT cards/{id}; with return_learning_data the card comes back as the session shows it, in the session's deck. */
  async update({ auth, request, params, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(editCardValidator)
    const card = await editCard(user, params.id, {
      fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
    })
    if (!input.return_learning_data) return (await presentNotes(user, [card.note_id]))[0]
    const context = await studyContext(user, input.deck_id ?? card.deck_id)
    const [learningCard] = await presentLearningCards(context, i18n, [card.id])
    return { card: learningCard ?? null, answerButtons: learningCard?.answerButtons ?? [] }
  }

  /** DELETE cards/{id}/suspend: the card leaves this learner's study, nothing is deleted (query deck_id: the session's counters). */
  async suspend({ auth, params, request, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const removed = await suspendCard(user, params.id)
    const deckId = request.input('deck_id') ?? removed.deckId
    const { topCounters } = await nextLearningCards(user, i18n, deckId, 1)
    return { ...removed, topCounters }
  }

  async stats({ auth, params }: HttpContext) {
    return cardStats(auth.use('api').getUserOrFail(), params.id)
  }
}
