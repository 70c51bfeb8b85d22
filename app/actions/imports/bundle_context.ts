import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type User from '#models/user'
import type { ImportBundle } from '#importers/bundle'

/* what one batch of notes is: the notes written per statement, between checkpoints */
export const BATCH = 500

export interface WriteCounts {
  notes: number
  updated: number
  cards: number
  decks: number
  media: number
  reviews: number
  skipped: number
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
  bundle: ImportBundle
  trx: TransactionClientContract
  counts: WriteCounts
  warnings: Warnings
  /** one time for every row the import writes */
  now: Date
}

/** Adds a warning once. */
export function warnOnce(warnings: Warnings, message: string) {
  if (!warnings.some((entry) => entry.message === message)) warnings.push({ message })
}
