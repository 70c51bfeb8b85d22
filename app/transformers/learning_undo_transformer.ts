import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionCard } from '#queries/learning/session_cards'
import type { SessionStanding } from '#queries/learning/session_standing'
import LearningCardEditedTransformer from '#transformers/learning_card_edited_transformer'

/** DELETE learning/undo and the learning page's undo: the card comes back as it was, ready to be shown again. */
export default class LearningUndoTransformer extends BaseTransformer<
  { cards: SessionCard[] } & SessionStanding
> {
  constructor(
    undone: { cards: SessionCard[] } & SessionStanding,
    protected i18n: I18n
  ) {
    super(undone)
  }

  toObject() {
    const { context, topCounters, undoAvailable, errorType } = this.resource
    const { card, answerButtons } = new LearningCardEditedTransformer(
      this.resource,
      this.i18n
    ).toObject()
    return {
      card,
      answerButtons,
      topCounters,
      isUndoActionAvailable: undoAvailable,
      errorType,
      algorithmType: context.algorithm.type,
    }
  }
}
