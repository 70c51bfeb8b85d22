import type { I18n } from '@adonisjs/i18n'
import type { BrowsedCard, BrowsedPage, BrowserSort } from '#queries/cards/browse_cards'
import { cardStatus } from '#scheduling/card_status'
import { cardName } from '#transformers/note_preview_transformer'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The card browser page: one page of found cards, the search as typed, and its error (where, what) if it is malformed. */
export default class CardBrowserTransformer {
  static row(card: BrowsedCard, i18n: I18n) {
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
      cardName: card.label ? cardName(i18n, card.label, card.ord, card.customType) : '',
      status: card.isSuspended ? ('suspended' as const) : cardStatus(card.state, card.isFrozen, card.intervalDays),
      isFrozen: card.isFrozen,
      isSuspended: card.isSuspended,
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

  static page(
    found: BrowsedPage | null,
    search: { q: string; sort: BrowserSort; order: 'asc' | 'desc'; error: { position: number; message: string } | null },
    i18n: I18n
  ) {
    return {
      cards: found ? found.cards.map((card) => this.row(card, i18n)) : [],
      total: found?.total ?? 0,
      page: found ? Math.floor(found.offset / found.limit) + 1 : 1,
      pageSize: found?.limit ?? 0,
      ...search,
    }
  }
}
