import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type User from '#models/user'
import type { BundleCard, ImportBundle } from '#importers/bundle'
import { BATCH, type BundleWrite, type WriteCounts, type WriteOptions } from '#actions/imports/bundle_context'
import { resolveNoteTypes } from '#actions/imports/bundle_note_types'
import { storeMedia } from '#actions/imports/bundle_media'
import { createDecks, DeckParts, DeckRoom } from '#actions/imports/bundle_decks'
import { existingNotes, writeNoteBatch } from '#actions/imports/bundle_notes'

export type { WriteCounts, WriteOptions } from '#actions/imports/bundle_context'

export interface WriteResult {
  counts: WriteCounts
  warnings: ImportBundle['warnings']
  /** the name the file gives the import's deck, if any */
  rootName: string | null
}

/**
 * Writes what a reader made of a file into the learner's deck, in the
 * caller's transaction. Notes whose guid the learner already has are updated
 * in place (their progress kept, missing cards added); new notes go into the
 * import's deck tree. A deck over the card limit is split into numbered
 * subdecks, never cut. Media the fields reference is stored and the fields
 * point at it; anything that cannot be kept becomes a warning.
 */
export async function writeBundle(user: User, root: Deck, bundle: ImportBundle, trx: TransactionClientContract, options: WriteOptions): Promise<WriteResult> {
  const write: BundleWrite = {
    user, root, bundle, trx, now: new Date(), warnings: [...bundle.warnings],
    counts: { notes: 0, updated: 0, cards: 0, decks: 0, media: 0, reviews: 0, skipped: 0 },
  }
  const noteTypes = await resolveNoteTypes(user, bundle.noteTypes, trx)
  const mediaUrls = await storeMedia(write, options)
  write.counts.media = mediaUrls.size
  const deckIds = await createDecks(write)
  const cardsByNote = new Map<string, BundleCard[]>()
  for (const card of bundle.cards) cardsByNote.set(card.noteKey, [...(cardsByNote.get(card.noteKey) ?? []), card])
  const targets = {
    noteTypes, mediaUrls, deckIds, cardsByNote, existing: await existingNotes(user, write),
    parts: new DeckParts(write), room: new DeckRoom(write),
  }
  for (let start = 0; start < bundle.notes.length; start += BATCH) {
    await options.checkpoint()
    await writeNoteBatch(write, targets, bundle.notes.slice(start, start + BATCH))
    await options.progress(Math.min(bundle.notes.length, start + BATCH))
  }
  return { counts: write.counts, warnings: write.warnings, rootName: rootNameOf(bundle) }
}

/* a package with a single top deck names the import's deck (Anki's "Default" says nothing) */
function rootNameOf(bundle: ImportBundle) {
  const tops = bundle.decks.filter((deck) => deck.parentKey === null)
  return tops.length === 1 && tops[0].name && tops[0].name !== 'Default' ? tops[0].name.slice(0, 255) : null
}
