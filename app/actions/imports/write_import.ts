import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck from '#models/deck'
import type User from '#models/user'
import type { BundleSource } from '#importers/bundle_source'
import { reportProgress, waitForJobLock, writeProgress } from '#actions/decks/deck_jobs'
import { writeBundle, type WriteResult } from '#actions/imports/write_bundle'
import { withTransaction, type ActionOptions } from '#actions/action'

/* the lock key of import jobs (deck jobs use another) */
const IMPORT_LOCK = 4_202

/** The attempt of an import a job works on. */
export interface RunningImport {
  id: number
  attempt: number
  deckId: number
  storageKey: string
}

/** Thrown where the attempt learns it is no longer the import's current one (cancelled, retried). */
export class Cancelled extends Error {}

/*
 * Between batches, inside the import's transaction through it (a plain
 * read: a cancel committed meanwhile is seen, and nothing is locked that a
 * cancel would wait for): a retry or a cancel stops the attempt.
 */
async function assertCurrent(running: RunningImport, client: Pick<typeof db, 'from'> = db) {
  const row = await client
    .from('deck_imports')
    .where('id', running.id)
    .select('attempt', 'status', 'cancel_requested_at')
    .first()
  if (
    !row ||
    row.attempt !== running.attempt ||
    row.status === 'cancelled' ||
    row.cancel_requested_at
  )
    throw new Cancelled()
}

/**
 * Writes what the reader gives into the import's deck in one transaction
 * (however many batches it takes: a failure leaves nothing of it), the
 * deck's counters moving as it goes (from outside the transaction, so the
 * poll sees them), and ends the import `done` in the same commit. Throws
 * Cancelled when the attempt stopped being the current one.
 */
export async function writeImport(
  user: User,
  input: { running: RunningImport; source: BundleSource; storedKeys: string[] },
  options: ActionOptions = {}
) {
  const { running, source, storedKeys } = input
  const { deckId } = running
  const total = source.noteCount
  await db
    .from('decks')
    .where('id', deckId)
    .update({ processing: JSON.stringify({ total, processed: 0, previousState: 'active' }) })
  await assertCurrent(running)
  await withTransaction(options.trx, async (trx) => {
    await waitForJobLock(trx, IMPORT_LOCK, deckId)
    const deck = await Deck.query({ client: trx }).where('id', deckId).firstOrFail()
    const written = await writeBundle(user, deck, source, trx, {
      storedKeys,
      checkpoint: () => assertCurrent(running, trx),
      progress: async (processed) => {
        await reportProgress(deckId, { total, processed, previousState: 'active' })
        /* the import moves: the sweep takes only an import that stopped moving for abandoned */
        await writeProgress('deck_imports', running.id, { updated_at: new Date() })
      },
    })
    await assertCurrent(running, trx)
    await finishImport(trx, running, total, written)
  })
}

/* the deck active under the name the file gave it, and the import done, in the commit that wrote them */
async function finishImport(
  trx: TransactionClientContract,
  running: RunningImport,
  total: number,
  written: WriteResult
) {
  const { deckId } = running
  await trx
    .from('decks')
    .where('id', deckId)
    .update({
      ...(written.rootName ? { name: written.rootName } : {}),
      state: 'active',
      updated_at: new Date(),
      processing: JSON.stringify({
        total,
        processed: total,
        count: written.counts.notes + written.counts.updated,
        previousState: 'active',
      }),
    })
  /*
   * every note was already there and updated in place: the empty new deck
   * has no reason to stay. In the same commit as "done", so no poll sees a
   * finished import pointing at a deck about to vanish.
   */
  const emptied =
    written.counts.notes === 0 &&
    written.counts.updated > 0 &&
    !(await trx
      .from('notes')
      .whereIn('deck_id', trx.from('decks').where('root_deck_id', deckId).select('id'))
      .first())
  if (emptied) await trx.from('decks').where('id', deckId).delete()
  /* a cancel or a retry that came after the last check still wins: the whole import rolls back */
  const finished = await trx
    .from('deck_imports')
    .where('id', running.id)
    .where('attempt', running.attempt)
    .whereNull('cancel_requested_at')
    .update({
      status: 'done',
      counts: JSON.stringify(written.counts),
      warnings: JSON.stringify(written.warnings.slice(0, 200)),
      finished_at: new Date(),
      updated_at: new Date(),
      ...(emptied ? { deck_id: null } : {}),
    })
  if (!Number(finished)) throw new Cancelled()
}
