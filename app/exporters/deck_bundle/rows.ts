import { progressOf } from '#scheduling/progress_row'
import { REVERSED_ORD_OFFSET } from '#note_types/cards'
import type { ProgressState } from '#scheduling/types'
import type {
  BundleCard,
  BundleCardState,
  BundleDeck,
  BundleNote,
  BundleReview,
} from '#importers/bundle'
import type { DeckSnapshot } from '#exporters/deck_bundle/snapshot'
import type { noteTypeRegistry } from '#exporters/deck_bundle/note_types'

/* A deck's rows as bundle rows. */

/*
 * the product's speed-learning states have no Anki equivalent: "study again" is still being learnt, "got it"
 * is known
 */
const STATES: Record<ProgressState, BundleCardState> = {
  new: 'new',
  learning: 'learning',
  review: 'review',
  relearning: 'relearning',
  study_again: 'learning',
  got_it: 'review',
}

/*
 * a note saved with `tags: []` through the model holds `{}` (pg writes an empty JS array as '{}'): tags are an
 * array's strings, or none
 */
export function tagsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((tag): tag is string => typeof tag === 'string' && tag.length > 0)
    : []
}

function bundleProgress(row: Record<string, any>): BundleCard['progress'] {
  const progress = progressOf(row)
  return {
    state: STATES[progress.state] ?? 'new',
    dueAt: progress.dueAt,
    intervalDays: progress.intervalDays,
    ease: progress.ease,
    reps: progress.reps,
    lapses: progress.lapses,
    stability: progress.stability,
    difficulty: progress.difficulty,
    frozen: Boolean(row.frozen),
    lastReviewedAt: progress.lastReviewedAt,
  }
}

/**
 * The notes, each with its bundle type, fields rewritten by `rewrite`; ordMaps receives each note's reversed
 * card ord.
 */
export function notesOf(
  snapshot: DeckSnapshot,
  typeOf: ReturnType<typeof noteTypeRegistry>['typeOf'],
  rewrite: (html: string) => string
) {
  const notes: BundleNote[] = []
  const ordMaps = new Map<number, number | null>()
  for (const note of snapshot.notes) {
    const { key, reversedOrd } = typeOf(note)
    ordMaps.set(note.id, reversedOrd)
    const fields: Record<string, string> = {}
    for (const [name, html] of Object.entries(note.fields ?? {})) {
      /* a field left as the import stored it goes back as the package had it */
      const source = note.source_fields?.[name]
      fields[name] = source && source.stored === html ? source.source : rewrite(html ?? '')
    }
    const attachments = note.field_attachments_map ?? {}
    notes.push({
      key: String(note.id),
      guid: note.guid,
      noteTypeKey: key,
      deckKey: String(note.deck_id),
      fields,
      tags: tagsOf(note.tags),
      ...(note.created_at ? { createdAt: new Date(note.created_at) } : {}),
      ...(Object.keys(attachments).length ? { fieldAttachmentsMap: attachments } : {}),
    })
  }
  return { notes, ordMaps }
}

/**
 * The cards, the product's reversed card at its type's template; one whose note is no longer reversible is
 * left out.
 */
export function cardsOf(snapshot: DeckSnapshot, ordMaps: Map<number, number | null>): BundleCard[] {
  const deckIds = new Set(snapshot.decks.map((deck) => deck.id))
  const noteDecks = new Map(snapshot.notes.map((note) => [note.id, note.deck_id]))
  const progressByCard = new Map(snapshot.progress.map((row) => [row.card_id as number, row]))
  const suspended = new Set(snapshot.suspended ?? [])
  const buried = new Map((snapshot.burials ?? []).map((row) => [row.card_id, row.manual]))
  const cards: BundleCard[] = []
  for (const card of snapshot.cards) {
    const reversedOrd = ordMaps.get(card.note_id)
    let ord = card.ord
    if (ord >= REVERSED_ORD_OFFSET) {
      /* a reversed card of a note no longer reversible has no template to go to */
      if (reversedOrd === null || reversedOrd === undefined) continue
      ord = reversedOrd
    }
    const row = progressByCard.get(card.id)
    cards.push({
      key: String(card.id),
      noteKey: String(card.note_id),
      ord,
      deckKey: String(deckIds.has(card.deck_id) ? card.deck_id : noteDecks.get(card.note_id)),
      progress: row ? bundleProgress(row) : null,
      suspended: suspended.has(card.id),
      buried: buried.has(card.id) ? (buried.get(card.id) ? 'manual' : 'sibling') : null,
      ...(card.created_at ? { createdAt: new Date(card.created_at) } : {}),
    })
  }
  return cards
}

/** The learner's answers of the exported cards. */
export function reviewsOf(snapshot: DeckSnapshot, cards: BundleCard[]): BundleReview[] {
  const exported = new Set(cards.map((card) => card.key))
  return snapshot.reviews
    .filter((row) => exported.has(String(row.card_id)))
    .map((row) => ({
      cardKey: String(row.card_id),
      reviewedAt: new Date(row.reviewed_at),
      rating: Math.min(4, Math.max(1, Number(row.rating))) as BundleReview['rating'],
      /* speed-learning answers schedule nothing: Anki's "manual" entries, which its FSRS fit ignores */
      kind:
        row.kind === 'learn' || row.kind === 'review' || row.kind === 'relearn'
          ? row.kind
          : 'manual',
      intervalDays: Number(row.interval_after ?? 0),
      lastIntervalDays: Number(row.interval_before ?? 0),
      ease: Number(row.ease_after ?? 0) / 1000,
      durationMs: Number(row.duration_ms ?? 0),
    }))
}

export function decksOf(snapshot: DeckSnapshot): BundleDeck[] {
  return snapshot.decks.map((deck, index) => ({
    key: String(deck.id),
    name: deck.name,
    /* the exported deck is the bundle's top deck, wherever it sits in the product */
    parentKey: index === 0 || deck.parent_id === null ? null : String(deck.parent_id),
  }))
}
