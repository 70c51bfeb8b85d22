import { BaseTransformer } from '@adonisjs/core/transformers'
import { DateTime } from 'luxon'
import type Deck from '#models/deck'
import { isReportable } from '#models/deck'
import type User from '#models/user'
import { NO_COUNTS, type DeckCounts } from '#types/deck_counts'
import { ownerOf } from '#transformers/collaborator_transformer'
import type { ListedRow } from '#queries/decks/listed_decks'
import type { Collaboration } from '#queries/sharing/collaboration'
import { sharingLinkFor } from '#services/urls/sharing_link'
import type { DeckPublishing } from '#queries/publishing/deck_publishing'
import { imageSearchConfigured } from '#services/media/image_search'
import { limitOf } from '#services/plan_limits'

const DEFAULT_FONT = { size: 20, alignment: 'center' as const }

/**
 * What a deck is shown with, shared by every deck of a list (listDecks,
 * showDeck and listedDecks answer it): counts by deck id, the owner (or the
 * owners of shared decks, by user id), the viewer, sharing by root deck id, and `rows`,
 * the decks a deck's `children` come from (none: `children` is empty).
 */
export interface DeckSource {
  counts?: Map<number, DeckCounts>
  owner?: User
  /* who asks: the plan's limits they study under (noCardsLimit) */
  viewer?: User
  owners?: Map<number, User>
  collaboration?: Map<number, Collaboration>
  rows?: readonly { id: number; parentId: number | null }[]
}

/* each source's children by parent id, built once for all the decks of a list */
const childrenBySource = new WeakMap<DeckSource, Map<number, number[]>>()

function childrenOf(source: DeckSource) {
  let children = childrenBySource.get(source)
  if (!children) {
    children = new Map((source.rows ?? []).map((row) => [row.id, []]))
    for (const row of source.rows ?? [])
      if (row.parentId !== null) children.get(row.parentId)?.push(row.id)
    childrenBySource.set(source, children)
  }
  return children
}

type DeckFields = ReturnType<typeof fieldsOf>
/**
 * The spec's Deck: one deck's answer nests its subdecks in `children`; a list
 * has them empty (docs/api.md: The deck tree).
 */
export type ApiDeck = DeckFields & { children: ApiDeck[] }

/**
 * The spec's Deck entity, for the apps and the pages alike. The pages' lists
 * (home, archived decks) read rows of a few columns (ListedRow): `forList`
 * takes those, every other variant a Deck model.
 */
export default class DeckTransformer extends BaseTransformer<Deck | ListedRow> {
  constructor(
    deck: Deck | ListedRow,
    protected source: DeckSource = {}
  ) {
    super(deck)
  }

  private get deck() {
    return this.resource as Deck
  }

  /** The spec's Deck: its subdecks among the source's rows nested whole, each once. */
  toObject(): ApiDeck {
    const rows = new Map(((this.source.rows ?? []) as Deck[]).map((row) => [row.id, row]))
    const children = childrenOf(this.source)
    const nest = (deck: Deck): ApiDeck => ({
      ...fieldsOf(deck, this.source),
      children: (children.get(deck.id) ?? []).map((id) => nest(rows.get(id)!)),
    })
    return nest(this.deck)
  }

  /** The pages' Deck: the same fields, `children` as ids (a page builds its tree from `parentId`). */
  forPage() {
    return {
      ...fieldsOf(this.deck, this.source),
      children: childrenOf(this.source).get(this.deck.id) ?? [],
    }
  }

  /**
   * One deck of a page's list (home, archived decks): per deck only what a
   * row, its counts (subdecks included) and its menu show (a tenth of the
   * spec's Deck), its subdecks as ids.
   */
  forList() {
    const deck = this.resource as ListedRow
    const { totalCardsCount, newCardsCount, topCounters } =
      this.source.counts?.get(deck.id) ?? NO_COUNTS
    return {
      id: deck.id,
      /* the owner: a deck of someone else's is shared with the viewer (its menu offers "Leave deck") */
      userId: deck.userId,
      name: deck.name,
      state: deck.state,
      parentId: deck.parentId,
      isRootDeck: deck.parentId === null,
      position: deck.position,
      folderId: deck.folderId,
      algorithmPreset: deck.algorithmPreset,
      algorithmType: deck.algorithmType,
      isAllowedToReport: isReportable(deck),
      totalCardsCount,
      newCardsCount,
      topCounters,
      archivedAt: deck.archivedAt ? DateTime.fromJSDate(deck.archivedAt).toISO() : null,
      children: childrenOf(this.source).get(deck.id) ?? [],
    }
  }

  /** The deck as the note editor needs it. */
  forEditor() {
    const deck = this.deck
    return {
      /* imageSearch: offered only where this server has an Unsplash key;
         tts*: the speak button and its state (docs/media-helpers.md) */
      id: deck.id,
      name: deck.name,
      imagesAllowed: deck.imagesAllowed,
      imageSearch: imageSearchConfigured(),
      ttsEnabled: deck.ttsEnabled,
      ttsFrontSideLanguage: deck.ttsFrontSideLanguage,
      ttsBackSideLanguage: deck.ttsBackSideLanguage,
    }
  }

  /** A deck a picker offers (move cards, move a deck): no counts. */
  forPicker() {
    const keys = [
      'id',
      'name',
      'parentId',
      'isRootDeck',
      'folderId',
      'algorithmPreset',
      'algorithmType',
      'state',
      'position',
    ] as const
    return this.pick(this.deck, keys)
  }
}

/**
 * Every field of the spec's Deck but `children`. Sharing is the root's
 * (collaboration.ts): `collaboration.count` counts active participants
 * without the owner; the token and link go to the owner alone (null for
 * participants, who reach the deck through their own row).
 */
function fieldsOf(deck: Deck, source: DeckSource) {
  const owner = source.owners?.get(deck.userId) ?? source.owner!
  const sharing = source.collaboration?.get(deck.rootDeckId ?? deck.id)
  const processing = deck.processing ?? { total: 0, processed: 0 }
  const counters = { total: processing.total, processed: processing.processed }
  const totals = source.counts?.get(deck.id) ?? NO_COUNTS
  const publishing = deck.$extras.publishing as DeckPublishing | undefined
  const role = sharing?.role ?? 'owner'
  return {
    id: deck.id,
    name: deck.name,
    state: deck.state,
    collaboration: {
      count: sharing?.count ?? 0,
      role,
      state: sharing?.state ?? 'active',
    },
    algorithmPreset: deck.algorithmPreset,
    algorithmType: deck.algorithmType,
    rootDeckId: deck.rootDeckId ?? deck.id,
    isRootDeck: deck.isRootDeck,
    parentId: deck.parentId,
    position: deck.position,
    /* offlineAvailableCount is in the counts (deck_counters.ts): the tree's cards in study while offline mode is on */
    offlineModeEnabled: deck.offlineModeEnabled,
    shuffleCardsEnabled: deck.shuffleCardsEnabled,
    folderId: deck.folderId,
    configuration: {
      newCards: { newCardsPerDay: deck.newCardsPerDay },
      maxCards: { maxCardsPerDay: deck.maxCardsPerDay },
    },
    examDate: deck.examDate ?? null,
    examNewCardsCeiling: deck.examNewCardsCeiling ?? null,
    /* a library clone whose library deck has a newer approved version (libraryUpdate says which) */
    hasChanges: !!publishing?.libraryUpdate,
    templatesIds: (deck.$extras.templatesIds as number[] | undefined) ?? [],
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
    /* decision 0088: switching algorithm is the owner's, on the main deck; reversing is editing */
    isSpeedLearningAvailable: deck.parentId === null && role === 'owner',
    isReversedCardModeAvailable: role === 'owner' || role === 'editor',
    attachmentsSupported: deck.imagesAllowed,
    isAllowedToReport: isReportable(deck),
    clonedFromLibrary: deck.source === 'cloned_from_published_deck',
    /* live in the library: approved and not unpublished */
    librarySharingEnabled:
      publishing?.publicDeck?.status === 'approved' && !publishing.publicDeck.unpublishedAt,
    importedFromFile: ['imported_anki', 'imported_ofc', 'imported_csv'].includes(deck.source),
    ttsEnabled: deck.ttsEnabled,
    ttsWholeCardPronunciation: deck.ttsWholeCardPronunciation,
    ttsAutoplayEnabled: deck.ttsAutoplayEnabled,
    ttsFrontSideLanguage: deck.ttsFrontSideLanguage,
    ttsBackSideLanguage: deck.ttsBackSideLanguage,
    owner: ownerOf(owner),
    sharingEnabled: sharing?.sharingEnabled ?? deck.sharingEnabled,
    sharingLink: sharing?.sharingToken ? sharingLinkFor(sharing.sharingToken) : null,
    sharingToken: sharing?.sharingToken ?? null,
    publicDeck: publishing?.publicDeck ?? null,
    libraryUpdate: publishing?.libraryUpdate ?? null,
    notesImportCounters: deck.state === 'notes_importing' ? counters : null,
    duplicatingCounters: deck.state === 'duplicating' ? counters : null,
    reverseCounters: deck.state === 'bulk_reversing' ? counters : null,
    notesSortBy: deck.notesSortBy,
    notesOrder: deck.notesOrder,
    /* the viewer studies without a daily card limit (premium): the one rule, limitOf */
    noCardsLimit: source.viewer ? limitOf(source.viewer).kind === null : false,
    archivedAt: deck.archivedAt?.toISO() ?? null,
    createdAt: deck.createdAt.toISO(),
  }
}
