import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type User from '#models/user'
import type { BundleNote, ImportBundle } from '#importers/bundle'
import type { BundleSource } from '#importers/bundle_source'

/*
 * what one batch of notes is: the notes read and written at once (a
 * statement each for the notes, their cards, progress and history), between
 * checkpoints; what the import holds in memory at a time
 */
export const BATCH = 1000

export interface WriteCounts {
  notes: number
  updated: number
  cards: number
  decks: number
  media: number
  reviews: number
  skipped: number
  /** decks placed at the depth limit's level, as they lay deeper (deck_depth.ts); only when there were some */
  flattened?: number
}

export interface WriteOptions {
  /** called after each batch with the notes written so far (the deck's counters) */
  progress: (processed: number) => Promise<void>
  /** throws when the import was cancelled: checked between batches */
  checkpoint: () => Promise<void>
  /** drive keys stored so far, so a failure can remove them */
  storedKeys: string[]
}

export type Warnings = ImportBundle['warnings']

/** What the parts of writing one bundle share: whose it is, where it goes, and what was done so far. */
export interface BundleWrite {
  user: User
  /** the import's root deck */
  root: Deck
  /** what the reader gives: note types, decks and media at once, the notes in batches */
  source: BundleSource
  trx: TransactionClientContract
  counts: WriteCounts
  /** the writer's own warnings (the reader's come first, once every batch is read) */
  warnings: Warnings
  /** one time for every row the import writes */
  now: Date
}

/** A new note of a batch: the cards it makes and where it goes. */
export type Created = { note: BundleNote; ords: number[]; deckId: number }

/** Adds a warning once. */
export function warnOnce(warnings: Warnings, message: string) {
  if (!warnings.some((entry) => entry.message === message)) warnings.push({ message })
}
