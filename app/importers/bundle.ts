import type { AnkiModelExtras } from '#note_types/types'

/*
 * What every reader (Anki packages, the product's own .ofc, CSV, Quizlet,
 * pasted text) turns a file into, and what the import job writes: note
 * types, a deck tree, notes, cards with the learner's scheduling, review
 * history and media. Readers never touch the database; the writer never
 * parses a file.
 */

export type BundleFormat = 'apkg' | 'colpkg' | 'ofc' | 'csv' | 'text'

/** Anki's own kinds map to the product's built-in note types; anything else is a custom type. */
export type BundleNoteTypeKind =
  'basic' | 'reversed' | 'cloze' | 'type_in' | 'image_occlusion' | 'custom'

export interface BundleNoteType {
  /** the source's id, unique within the bundle */
  key: string
  name: string
  kind: BundleNoteTypeKind
  fields: string[]
  /** Anki template syntax; a cloze type has one template */
  templates: { name: string; front: string; back: string }[]
  css: string
  isCloze: boolean
  /** the field Anki sorts by (`sortf`), 0 when not given */
  sortField?: number
  /** Anki's id of the type, when it has one (an imported type keeps it) */
  ankiId?: string | null
  /** what else Anki keeps on the type, written back on export (migration 0040) */
  ankiModel?: AnkiModelExtras | null
  /**
   * Mnemo's reversed card as a last template: the type of notes with it, made by
   * the export from this kind of type (the import makes them that type's notes again)
   */
  reversedOf?: BundleNoteTypeKind
}

export interface BundleDeck {
  key: string
  /** the deck's own name (one level, not the "::" path) */
  name: string
  parentKey: string | null
}

export interface BundleNote {
  key: string
  /** identity across re-imports: a note with a guid already imported is updated in place */
  guid: string
  noteTypeKey: string
  /** the deck of the note's first card */
  deckKey: string
  /** field name → HTML as the source holds it; media referenced by file name */
  fields: Record<string, string>
  tags: string[]
  /** with Mnemo's reversed card (ord 100) */
  reversed?: boolean
  /** when the note was made (Anki's note id is its creation time in ms) */
  createdAt?: Date
  /** image occlusion masks, as the product stores them, when the source has them */
  fieldAttachmentsMap?: Record<
    string,
    {
      hideAll?: boolean
      masks: {
        id: string
        group: number
        x: number
        y: number
        width: number
        height: number
        angle: number
      }[]
    }
  >
}

export type BundleCardState = 'new' | 'learning' | 'review' | 'relearning'

export interface BundleProgress {
  state: BundleCardState
  dueAt: Date | null
  intervalDays: number
  /** SM-2 ease as a factor (2.5) */
  ease: number
  reps: number
  lapses: number
  /** FSRS memory state when the source has one */
  stability: number | null
  difficulty: number | null
  /** frozen in Mnemo (kept through Anki in the card's custom data); Anki's suspension is the card's `suspended` */
  frozen: boolean
  lastReviewedAt: Date | null
}

export interface BundleCard {
  key: string
  noteKey: string
  /** the template index (cloze: cloze number − 1), as Anki counts it */
  ord: number
  /** the card's home deck (a filtered deck's cards are returned to their home deck) */
  deckKey: string
  /** null: never studied */
  progress: BundleProgress | null
  /** removed from study (Anki's queue −1; Mnemo's card_suspensions), whatever its state */
  suspended?: boolean
  /** set aside until the next study day: by the learner (Anki's −3) or with a sibling (−2) */
  buried?: 'manual' | 'sibling' | null
  /** when the card was made (Anki's card id is its creation time in ms) */
  createdAt?: Date
}

export interface BundleReview {
  cardKey: string
  reviewedAt: Date
  /** 1 again, 2 hard, 3 good, 4 easy */
  rating: 1 | 2 | 3 | 4
  kind: 'learn' | 'review' | 'relearn' | 'manual'
  intervalDays: number
  lastIntervalDays: number
  /** SM-2 ease as a factor, 0 when unknown */
  ease: number
  durationMs: number
}

export interface BundleMedia {
  /** the file name the fields reference (`<img src="name">`, `[sound:name]`) */
  name: string
  /** where the reader put the bytes (a file inside the import's work directory) */
  path: string
  size: number
}

export interface ImportBundle {
  format: BundleFormat
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  notes: BundleNote[]
  cards: BundleCard[]
  reviews: BundleReview[]
  media: BundleMedia[]
  /** what the reader skipped or changed, for the learner (e.g. "line 7: no back") */
  warnings: { line?: number; message: string }[]
}

/** A file the readers refuse: the message key names a translation in errors.json. */
export class ImportError extends Error {
  constructor(
    public key:
      | 'unsupported_format'
      | 'import_corrupt'
      | 'import_too_big'
      | 'import_empty'
      | 'import_wrong_schema'
      | 'import_no_notes'
      | 'import_mixed_separators'
      | 'import_guest_cards_limit'
      | 'import_too_many_rows'
      | 'import_record_too_long',
    message: string
  ) {
    super(message)
  }
}
