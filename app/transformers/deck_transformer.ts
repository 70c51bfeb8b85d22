import type Deck from '#models/deck'
import type User from '#models/user'
import { NO_COUNTS, type DeckCounts } from '#queries/decks/deck_counters'
import { isReportable } from '#actions/decks/report_deck'
import { avatarUrlOf } from '#transformers/user_transformer'

const DEFAULT_FONT = { size: 20, alignment: 'center' as const }

export type DeckFields = ReturnType<typeof DeckTransformer.fields>
/** The spec's Deck: its subdecks nested in `children`, each a whole Deck with its own. */
export type ApiDeck = DeckFields & { children: ApiDeck[] }
/** The pages' Deck: the same fields, `children` as ids (a page builds its tree from `parentId`). */
export type PageDeck = DeckFields & { children: number[] }

/** The spec's Deck entity, for the apps and the pages alike. */
export default class DeckTransformer {
  static forApi(deck: Deck, counts: DeckCounts | undefined, owner: User, children: ApiDeck[] = []): ApiDeck {
    return { ...this.fields(deck, counts, owner), children }
  }

  /**
   * The decks as the spec nests them: every deck with its subdecks (among
   * `decks`, siblings in the given order) as whole Decks, built from rows
   * already loaded. A subdeck's object is shared by its parent and the map.
   */
  static nested(decks: Deck[], present: (deck: Deck) => DeckFields) {
    const byId = new Map<number, ApiDeck>(decks.map((deck) => [deck.id, { ...present(deck), children: [] }]))
    for (const deck of decks) {
      if (deck.parentId) byId.get(deck.parentId)?.children.push(byId.get(deck.id)!)
    }
    return byId
  }

  /** The pages keep the flat list: `children` as ids, so a page does not carry each subtree twice. */
  static forPage({ children, ...fields }: ApiDeck): PageDeck {
    return { ...fields, children: children.map((child) => child.id) }
  }

  /** Every field of the spec's Deck but `children`. */
  static fields(deck: Deck, counts: DeckCounts | undefined, owner: User) {
    const processing = deck.processing ?? { total: 0, processed: 0 }
    const counters = { total: processing.total, processed: processing.processed }
    const totals = counts ?? NO_COUNTS
    return {
      id: deck.id,
      name: deck.name,
      state: deck.state,
      collaboration: { count: 0, role: 'owner', state: 'active' },
      algorithmPreset: deck.algorithmPreset,
      algorithmType: deck.algorithmType,
      rootDeckId: deck.rootDeckId ?? deck.id,
      isRootDeck: deck.isRootDeck,
      parentId: deck.parentId,
      position: deck.position,
      offlineModeEnabled: deck.offlineModeEnabled,
      offlineAvailableCount: 0,
      shuffleCardsEnabled: deck.shuffleCardsEnabled,
      folderId: deck.folderId,
      configuration: {
        newCards: { newCardsPerDay: deck.newCardsPerDay },
        maxCards: { maxCardsPerDay: deck.maxCardsPerDay },
      },
      hasChanges: deck.hasChanges,
      templatesIds: [],
      ...totals,
      learningTotalCardsCount: totals.learningCardsCount,
      graduatedTotalCardsCount: totals.graduatedCardsCount,
      totalNotStudiedCount: totals.newCardsCount,
      reviewLeft: totals.toLearnTodayTotalCount,
      fontSettings: {
        desktop: { ...DEFAULT_FONT, ...deck.fontSettings.desktop },
        tablet: { ...DEFAULT_FONT, ...deck.fontSettings.tablet },
        phone: { ...DEFAULT_FONT, ...deck.fontSettings.phone },
      },
      clonedFromId: deck.clonedFromId,
      source: deck.source,
      cardPresetId: deck.cardPresetId,
      isSpeedLearningAvailable: true,
      isReversedCardModeAvailable: true,
      attachmentsSupported: deck.imagesAllowed,
      isAllowedToReport: isReportable(deck),
      clonedFromLibrary: deck.source === 'cloned_from_published_deck',
      librarySharingEnabled: false,
      importedFromFile: ['imported_anki', 'imported_ofc', 'imported_csv'].includes(deck.source),
      ttsEnabled: deck.ttsEnabled,
      ttsWholeCardPronunciation: deck.ttsWholeCardPronunciation,
      ttsAutoplayEnabled: deck.ttsAutoplayEnabled,
      ttsFrontSideLanguage: deck.ttsFrontSideLanguage,
      ttsBackSideLanguage: deck.ttsBackSideLanguage,
      owner: {
        id: owner.id, name: owner.name, username: owner.username,
        avatarColor: owner.avatarColor, avatarUrl: avatarUrlOf(owner), role: 'owner',
      },
      sharingEnabled: deck.sharingEnabled,
      sharingLink: null,
      sharingToken: deck.sharingEnabled ? deck.sharingToken : null,
      publicDeck: null,
      notesImportCounters: deck.state === 'notes_importing' ? counters : null,
      duplicatingCounters: deck.state === 'duplicating' ? counters : null,
      reverseCounters: deck.state === 'bulk_reversing' ? counters : null,
      notesSortBy: deck.notesSortBy,
      notesOrder: deck.notesOrder,
      noCardsLimit: false,
      archivedAt: deck.archivedAt?.toISO() ?? null,
      createdAt: deck.createdAt.toISO(),
    }
  }

  /** GET decks/polling: a deck a job is still working on. */
  static forPolling(deck: Deck) {
    return {
      id: deck.id,
      state: deck.state,
      counters: { total: deck.processing?.total ?? 0, processed: deck.processing?.processed ?? 0 },
      folderId: deck.folderId,
      name: deck.name,
      destinationName: deck.processing?.destinationName ?? null,
      /* why the last job was refused and changed nothing (processing_failed), e.g. E_CARDS_LIMIT_REACHED; null otherwise */
      failureCode: deck.state === 'processing_failed' ? (deck.processing?.failureCode ?? null) : null,
    }
  }
}
