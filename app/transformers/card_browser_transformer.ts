import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import type { BrowsedCard } from '#queries/cards/browse_cards'
import { cardStatus } from '#scheduling/card_status'
import { cardName } from '#transformers/note_preview_transformer'
import type { CardMarks } from '#queries/learning/card_marks'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** A row of the card browser: one found card, named in the reader's language. */
export default class CardBrowserTransformer extends BaseTransformer<BrowsedCard> {
  constructor(
    card: BrowsedCard,
    protected i18n: I18n,
    protected marks: CardMarks = new Map()
  ) {
    super(card)
  }

  toObject() {
    const card = this.resource
    return {
      id: card.id,
      noteId: card.noteId,
      deckId: card.deckId,
      rootDeckId: card.rootDeckId,
      rootPreset: card.rootPreset,
      deckName: card.deckName,
      /* the note's sort field as plain text, shortened for a row */
      sortField: card.sortField.slice(0, 200),
      /* which of its note's cards it is, named in the reader's language */
      cardName: card.label ? cardName(this.i18n, card.label, card.ord, card.customType) : '',
      status: card.isSuspended
        ? ('suspended' as const)
        : cardStatus(card.state, card.isFrozen, card.intervalDays),
      isFrozen: card.isFrozen,
      isSuspended: card.isSuspended,
      /* the learner's flag (1-7, Anki's colours; 0 none) and whether the card is buried until the next study day */
      flag: this.marks.get(card.id)?.flag ?? 0,
      isBuried: this.marks.get(card.id)?.buried ?? false,
      dueAt: iso(card.dueAt),
      intervalDays: Math.round(card.intervalDays),
      ease: card.ease,
      difficulty: card.difficulty === null ? null : Math.round(card.difficulty * 10) / 10,
      lapses: card.lapses,
      reviews: card.reps,
      createdAt: iso(card.createdAt)!,
      updatedAt: iso(card.updatedAt)!,
    }
  }
}
