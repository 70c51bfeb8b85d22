import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type User from '#models/user'
import { ImportError, type ImportBundle } from '#importers/bundle'
import { readFlagNow } from '#services/remote_flags'
import type { BundleSource } from '#importers/bundle_source'
import {
  BATCH,
  type BundleWrite,
  type WriteCounts,
  type WriteOptions,
} from '#actions/imports/bundle_context'
import { resolveNoteTypes } from '#actions/imports/bundle_note_types'
import { storeMedia } from '#actions/imports/bundle_media'
import { createDecks, DeckParts, DeckRoom } from '#actions/imports/bundle_decks'
import { writeNoteBatch } from '#actions/imports/bundle_notes'

export type { WriteOptions } from '#actions/imports/bundle_context'

export interface WriteResult {
  counts: WriteCounts
  warnings: ImportBundle['warnings']
  /** the name the file gives the import's deck, if any */
  rootName: string | null
}

/**
 * Writes what a reader made of a file into the learner's deck, in the
 * caller's transaction, a batch of notes at a time as the reader gives
 * them (so an import of any size holds one batch). Notes whose guid the
 * learner already had are updated in place (their progress kept, missing
 * cards added); new notes go into the import's deck tree. A deck over the
 * card limit is split into numbered subdecks, never cut. Media the fields
 * reference is stored and the fields point at it; anything that cannot be
 * kept becomes a warning.
 */
export async function writeBundle(
  user: User,
  root: Deck,
  source: BundleSource,
  trx: TransactionClientContract,
  options: WriteOptions
): Promise<WriteResult> {
  const write: BundleWrite = {
    user,
    root,
    source,
    trx,
    now: new Date(),
    warnings: [],
    counts: { notes: 0, updated: 0, cards: 0, decks: 0, media: 0, reviews: 0, skipped: 0 },
  }
  const noteTypes = await resolveNoteTypes(user, source.noteTypes, trx)
  const mediaUrls = await storeMedia(write, options)
  write.counts.media = mediaUrls.size
  const deckIds = await createDecks(write)
  const targets = {
    noteTypes,
    mediaUrls,
    deckIds,
    parts: new DeckParts(write),
    room: new DeckRoom(write),
    storedKeys: options.storedKeys,
  }
  let processed = 0
  for await (const batch of source.batches(BATCH)) {
    await options.checkpoint()
    await writeNoteBatch(write, targets, batch)
    processed += batch.notes.length
    await options.progress(processed)
  }
  /* a guest's cards in all: over guest_cards_created the whole import is refused (its transaction writes nothing) */
  await assertGuestCardsAfterImport(user, trx)
  return {
    counts: write.counts,
    warnings: [...source.warnings(), ...write.warnings],
    rootName: rootNameOf(source),
  }
}

async function assertGuestCardsAfterImport(user: User, trx: TransactionClientContract) {
  if (!user.isGuest || user.hasPremium) return
  /* the worker reads the flag itself: its copy may be an interval old */
  const limit = await readFlagNow('guest_cards_created', trx)
  const row = await trx
    .from('cards')
    .join('decks', 'decks.id', 'cards.deck_id')
    .where('decks.user_id', user.id)
    .count('* as n')
    .first()
  if (Number(row?.n ?? 0) > limit)
    throw new ImportError('import_guest_cards_limit', `A guest keeps at most ${limit} cards`)
}

/* a package with a single top deck names the import's deck (Anki's "Default" says nothing) */
function rootNameOf(source: BundleSource) {
  const tops = source.decks.filter((deck) => deck.parentKey === null)
  return tops.length === 1 && tops[0].name && tops[0].name !== 'Default'
    ? tops[0].name.slice(0, 255)
    : null
}
