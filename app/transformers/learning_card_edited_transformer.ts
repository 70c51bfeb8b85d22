import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionCard } from '#queries/learning/session_cards'
import type { StudyContext } from '#queries/learning/study_context'
import LearningCardTransformer from '#transformers/learning_card_transformer'

/** The session's cards among those asked for (sessionCards): none when the card left the session's decks. */
type SessionCardsOf = { context: StudyContext; cards: SessionCard[] }

/**
 * A card edited in a session (PUT cards/{id} with return_learning_data, PUT
 * /learn/cards/:id), as the session shows it now: null when it left the
 * session's decks.
 */
export default class LearningCardEditedTransformer extends BaseTransformer<SessionCardsOf> {
  constructor(
    read: SessionCardsOf,
    protected i18n: I18n
  ) {
    super(read)
  }

  toObject() {
    const { context, cards } = this.resource
    const card = cards.length
      ? new LearningCardTransformer(cards[0], context, this.i18n).toObject()
      : null
    return { card, answerButtons: card?.answerButtons ?? [] }
  }
}
