import { DateTime } from 'luxon'
import type Deck from '#models/deck'
import { isReportable, type DeckState } from '#models/deck'
import type User from '#models/user'
import { NO_COUNTS, type DeckCounts } from '#types/deck_counts'
import { hierarchyOf, type HierarchyNode } from '#services/deck_hierarchy'
import { avatarUrlOf } from '#transformers/user_transformer'
import FolderTransformer from '#transformers/folder_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import type { DeckList, ShownDeck } from '#queries/decks/list_decks'
import type { ListedDecks, ListedRow } from '#queries/decks/listed_decks'
import type { Collaboration } from '#queries/sharing/collaboration'
import { sharingLinkFor } from '#services/urls/sharing_link'
import type { DeckPublishing } from '#queries/publishing/deck_publishing'
import { mapInSlices } from '#services/in_slices'
import { imageSearchConfigured } from '#services/media_helpers/image_search'

const DEFAULT_FONT = { size: 20, alignment: 'center' as const }

export type DeckFields = ReturnType<typeof DeckTransformer.fields>
/** The spec's Deck: one deck's answer nests its subdecks in `children`; a list has them empty (docs/api.md: The deck tree). */
export type ApiDeck = DeckFields & { children: ApiDeck[] }
/** The pages' Deck: the same fields, `children` as ids (a page builds its tree from `parentId`). */
export type PageDeck = DeckFields & { children: number[] }

/** A job as it started: the page follows it even when it ends before the first poll. */
export type StartedJob = ReturnType<typeof DeckTransformer.forPolling> & { reverse?: boolean }

/** The flash key that carries a started job to the next page (DeckTransformer.startedJob, startedJobs). */
export const STARTED_JOB = 'deckJobStarted'

/** The spec's polled processing states, by deck state. */
const POLLED_STATE_NAMES: Partial<Record<Deck['state'], string>> = {
  processing: 'processing', cloning: 'cloning', duplicating: 'duplicating', notes_moving: 'notesMoving',
  notes_importing: 'notesImporting', ai_notes_generation: 'aiStreaming', bulk_reversing: 'bulkReversing',
}

/** The spec's Deck entity, for the apps and the pages alike. */
export default class DeckTransformer {
  static forApi(deck: Deck, counts: DeckCounts | undefined, owner: User, children: ApiDeck[] = []): ApiDeck {
    return { ...this.fields(deck, counts, owner), children }
  }

  /** Every deck with its subdecks (among `decks`, in the given order) as whole Decks, from rows already loaded. */
  static nested(decks: Deck[], present: (deck: Deck) => DeckFields) {
    const byId = new Map<number, ApiDeck>(decks.map((deck) => [deck.id, { ...present(deck), children: [] }]))
    for (const deck of decks) if (deck.parentId) byId.get(deck.parentId)?.children.push(byId.get(deck.id)!)
    return byId
  }

  /** The deck list (GET decks, the pages' lists): the selected decks flat, each once; their id tree, note types, archived count, folders. */
  static list(list: DeckList) {
    return this.listOf(list, list.selected.map(this.presenter(list)))
  }

  /** The same list, its decks presented a slice at a time (GET decks of a learner with thousands: app/services/in_slices.ts). */
  static async listInSlices(list: DeckList) {
    return this.listOf(list, await mapInSlices(list.selected, this.presenter(list)))
  }

  /* one deck of the list, whole, `children` empty */
  private static presenter({ owner, owners, counts, collaboration }: DeckList) {
    return (deck: Deck): ApiDeck => ({ ...this.fields(deck, counts.get(deck.id), owners.get(deck.userId) ?? owner, collaboration.get(deck.rootDeckId ?? deck.id)), children: [] })
  }

  private static listOf({ visible, selected, folders, noteTypes, numberOfArchivedDecks, unavailable }: DeckList, decks: ApiDeck[]) {
    /* each folder's main decks, in one pass over the decks */
    const roots = new Map<number, number[]>(folders.map((folder) => [folder.id, []]))
    for (const deck of visible) if (deck.isRootDeck && deck.folderId !== null) roots.get(deck.folderId)?.push(deck.id)
    return {
      /* each deck once, whatever its depth: nesting every deck's subtree here made the answer grow with the square of the depth */
      decks,
      hierarchy: hierarchyOf(selected),
      templates: noteTypes.map((noteType) => new NoteTypeTransformer(noteType).toObject()),
      numberOfArchivedDecks,
      folders: folders.map((folder) => new FolderTransformer(folder, roots).toObject()),
      /* shared main decks no longer available to this former participant: {id, name, reason} */
      unavailableDecks: unavailable,
    }
  }

  /** One deck in the spec's shape (GET, POST, PUT decks, archive, restore, …): its counts, its subdecks nested, each once. */
  static show({ deck, rows, counts, owner, collaboration }: ShownDeck) {
    return this.nested(rows, (row) => this.fields(row, counts.get(row.id), owner, collaboration?.get(row.rootDeckId ?? row.id))).get(deck.id)!
  }

  /** The pages keep the flat list: `children` as ids, so a page does not carry each subtree twice. */
  static forPage({ children, ...fields }: ApiDeck): PageDeck {
    return { ...fields, children: children.map((child) => child.id) }
  }

  /** A flat list of Decks for a page: each deck's `children` as the ids of the listed decks under it. */
  static forPageList(decks: ApiDeck[]): PageDeck[] {
    const children = new Map<number, number[]>(decks.map((deck) => [deck.id, []]))
    for (const deck of decks) if (deck.parentId !== null) children.get(deck.parentId)?.push(deck.id)
    return decks.map(({ children: _nested, ...fields }) => ({ ...fields, children: children.get(fields.id)! }))
  }

  /**
   * The deck lists of the pages (home, archived decks): per deck only what a
   * row, its counts and its menu show (a tenth of the spec's Deck, which the
   * deck page and the apps get), its subdecks as ids.
   */
  static listed({ decks, counts, folders, roots, numberOfArchivedDecks }: ListedDecks) {
    const children = new Map<number, number[]>(decks.map((deck) => [deck.id, []]))
    for (const deck of decks) if (deck.parentId !== null) children.get(deck.parentId)?.push(deck.id)
    return {
      decks: decks.map((deck) => this.forList(deck, counts.get(deck.id), children.get(deck.id)!)),
      folders: folders.map((folder) => new FolderTransformer(folder, roots).toObject()),
      numberOfArchivedDecks,
    }
  }

  /** One deck of a page's list: a row of the list, its counts (subdecks included) and its menu's needs. */
  static forList(deck: ListedRow, counts: DeckCounts | undefined, children: number[]) {
    const { totalCardsCount, newCardsCount, topCounters } = counts ?? NO_COUNTS
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
      children,
    }
  }

  /**
   * Every field of the spec's Deck but `children`. Sharing is the root's
   * (collaboration.ts): `collaboration.count` counts active participants
   * without the owner; the token and link go to the owner alone (null for
   * participants, who reach the deck through their own row).
   */
  static fields(deck: Deck, counts: DeckCounts | undefined, owner: User, sharing?: Collaboration) {
    const processing = deck.processing ?? { total: 0, processed: 0 }
    const counters = { total: processing.total, processed: processing.processed }
    const totals = counts ?? NO_COUNTS
    return {
      id: deck.id,
      name: deck.name,
      state: deck.state,
      collaboration: { count: sharing?.count ?? 0, role: sharing?.role ?? 'owner', state: sharing?.state ?? 'active' },
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
      examDate: deck.examDate ?? null,
      examNewCardsCeiling: deck.examNewCardsCeiling ?? null,
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
      sharingEnabled: sharing?.sharingEnabled ?? deck.sharingEnabled,
      sharingLink: sharing?.sharingToken ? sharingLinkFor(sharing.sharingToken) : null,
      sharingToken: sharing?.sharingToken ?? null,
      publicDeck: (deck.$extras.publishing as DeckPublishing | undefined)?.publicDeck ?? null,
      libraryUpdate: (deck.$extras.publishing as DeckPublishing | undefined)?.libraryUpdate ?? null,
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
      /* the spec's name of the polled processing state (ai_notes_generation is aiStreaming) */
      processingState: POLLED_STATE_NAMES[deck.state] ?? null,
      /* the AI stream filling the deck: when the deck leaves the poll, its notes are fetched (GET notes/stream_status) */
      streamId: deck.state === 'ai_notes_generation' ? (deck.processing?.streamId ?? null) : null,
    }
  }

  /** The deck as the note editor needs it. */
  static forEditor(deck: Deck) {
    return {
      /* imageSearch: offered only where this server has an Unsplash key; tts*: the speak button and its state (docs/media-helpers.md) */
      id: deck.id, name: deck.name, imagesAllowed: deck.imagesAllowed, imageSearch: imageSearchConfigured(),
      ttsEnabled: deck.ttsEnabled, ttsFrontSideLanguage: deck.ttsFrontSideLanguage, ttsBackSideLanguage: deck.ttsBackSideLanguage,
    }
  }

  /** A deck a picker offers (move cards, move a deck): no counts. */
  static forPicker({ id, name, parentId, isRootDeck, folderId, algorithmPreset, algorithmType, state, position }: DeckFields) {
    return { id, name, parentId, isRootDeck, folderId, algorithmPreset, algorithmType, state, position }
  }

  /** GET decks/polling: the decks a job is working on, or whose job failed. */
  static pollingList(decks: Deck[]) {
    return { decks: decks.map((deck) => this.forPolling(deck)) }
  }

  /** PUT decks/move: where every deck stands now (the id tree and the folders). */
  static tree(list: DeckList) {
    const { hierarchy, folders } = this.listOf(list, [])
    return { hierarchy, folders }
  }

  /** POST decks/{id}/report. */
  static reported() { return { reported: true } }

  /** GET decks/light: every deck for the apps' pickers (no counts), and their tree. */
  static lightList(decks: Deck[]) {
    return {
      decks: decks.map((deck) => ({
        id: deck.id, name: deck.name, parentId: deck.parentId, rootDeckId: deck.rootDeckId, folderId: deck.folderId,
        algorithmPreset: deck.algorithmPreset, state: deck.state,
      })),
      hierarchy: hierarchyOf(decks),
    }
  }

  /** The statistics page's deck picker: subdecks under their parent, with their depth for indenting. */
  static choices(decks: Deck[]) {
    const names = new Map(decks.map((deck) => [deck.id, deck.name]))
    const choices: { id: number; name: string; depth: number }[] = []
    const walk = (nodes: HierarchyNode[], depth: number) => {
      for (const node of nodes) {
        choices.push({ id: node.id, name: names.get(node.id) ?? '', depth })
        walk(node.children, depth + 1)
      }
    }
    walk(hierarchyOf(decks), 0)
    return choices
  }

  /** A job just started on the deck (flashed under STARTED_JOB for the next page). */
  static startedJob(deck: Deck, state: DeckState, reverse?: boolean): StartedJob {
    return { ...this.forPolling(deck), state, reverse }
  }

  /** The started job a page was flashed, as the list the page follows. */
  static startedJobs(flashed: unknown): StartedJob[] {
    return flashed ? [flashed as StartedJob] : []
  }
}

export type PickerDeck = ReturnType<typeof DeckTransformer.forPicker>
/** A deck of the pages' lists (home, archived decks). */
export type ListedDeck = ReturnType<typeof DeckTransformer.forList>
