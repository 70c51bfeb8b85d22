import type { BrowsedCard, BrowsedPage, BrowserSort } from '#queries/cards/browse_cards'
import { cardStatus } from '#scheduling/card_status'

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** The card browser page: one page of found cards, the search as typed, and its error (where, what) if it is malformed. */
export default class CardBrowserTransformer {
  static row(card: BrowsedCard) {
    return {
      id: card.id,
      noteId: card.noteId,
      deckId: card.deckId,
      rootDeckId: card.rootDeckId,
      rootPreset: card.rootPreset,
      deckName: card.deckName,
      /* the note's sort field as plain text, shortened for a row */
      sortField: card.sortField.slice(0, 200),
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
    search: { q: string; sort: BrowserSort; order: 'asc' | 'desc'; error: { position: number; message: string } | null }
  ) {
    return {
      cards: found ? found.cards.map((card) => this.row(card)) : [],
      total: found?.total ?? 0,
      page: found ? Math.floor(found.offset / found.limit) + 1 : 1,
      pageSize: found?.limit ?? 0,
      ...search,
    }
  }
}

export type BrowserRow = ReturnType<typeof CardBrowserTransformer.row>
export type BrowserPage = ReturnType<typeof CardBrowserTransformer.page>
