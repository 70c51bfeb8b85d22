import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SessionStart } from '#queries/learning/session_batch'
import LearningBatchTransformer from '#transformers/learning_batch_transformer'
import CardAppearanceTransformer from '#transformers/card_appearance_transformer'
import { appearanceDeck } from '#services/card_presets/appearance'

/**
 * GET v2/learning/start, the spec's learning response for a session's first
 * visit: its first batch (LearningBatchTransformer) with the first card and
 * its answer buttons, the deck, the daily limit, the tutorial flag and how
 * the cards look. The learning page shows it through LearningPageTransformer.
 */
export default class LearningTransformer extends BaseTransformer<SessionStart> {
  constructor(
    start: SessionStart,
    protected i18n: I18n
  ) {
    super(start)
  }

  toObject() {
    const start = this.resource
    const { context } = start
    const batch = new LearningBatchTransformer(start, this.i18n).toObject()
    const first = batch.cards[0] ?? null
    return {
      deck: { id: context.deck.id, name: context.deck.name, rootDeckId: context.root.id },
      card: first,
      answerButtons: first?.answerButtons ?? [],
      ...batch,
      dailyLimit: start.dailyLimit,
      tutorialSeen: context.user.learningTutorialSeen,
      /* how the cards look: the deck's preset and fonts, and the card frame's CSS */
      cardAppearance: new CardAppearanceTransformer({
        deck: appearanceDeck(context),
        preset: start.preset,
      }).toObject(),
    }
  }
}
