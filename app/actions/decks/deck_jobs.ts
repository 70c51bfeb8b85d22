import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UnrecoverableError, type Job } from 'bullmq'
import ApiException from '#exceptions/api_exception'
import Deck, { type DeckState, type Processing } from '#models/deck'
import type { DeckJobName, JobPayload } from '#services/queue'
import { queueJob } from '#services/durable_jobs'
import { PROGRESS_CONNECTION } from '#config/database'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Long work on a deck runs as a job. The deck shows the job's state and
 * counters while it runs; the work itself is one transaction, so a failure
 * leaves nothing half-done, and after the last attempt the deck shows
 * `processing_failed`. `extra` goes into the deck's `processing` (what the
 * finished toast needs, the cards the job reserves on other decks).
 */
export async function startDeckJob<Name extends DeckJobName>(
  deck: Deck,
  state: DeckState,
  total: number,
  job: Name,
  payload: Omit<JobPayload<Name>, 'deckId'>,
  trx: TransactionClientContract,
  extra: Partial<Processing> = {}
) {
  const previousState = deck.state === 'processing_failed' ? 'active' : deck.state
  deck.merge({ state, processing: { ...extra, total, processed: 0, previousState } })
  await deck.useTransaction(trx).save()
  /* the payload the job takes: its deck, and the rest as the caller gave it (typed above) */
  const full = { deckId: deck.id, ...payload } as JobPayload<Name>
  /* written now, handed to the queue after the commit, so the worker sees the deck in its new state */
  await queueJob(trx, job, full, deck.userId)
}

/**
 * A job's counters, written while its transaction is still open so that the
 * poll sees them move: on the pool kept for this (config/database.ts), never
 * a second connection of the pool the job's transaction holds one of. The
 * job's transaction must not hold the deck's row lock (it would wait for itself).
 */
export async function reportProgress(deckId: number, processing: Processing) {
  await writeProgress('decks', deckId, { processing: JSON.stringify(processing) })
}

/**
 * One progress write on the progress pool, skipped when the row is locked.
 * The job waits for it with its transaction open: had it waited for a lock,
 * whoever held that lock while waiting for the job's transaction (a deck
 * delete blocked by the rows the job inserted) would never be answered, a
 * cycle PostgreSQL cannot see, since the job's side is idle in its
 * transaction. A counter skipped is written again at the next batch.
 */
export async function writeProgress(
  table: 'decks' | 'deck_imports',
  id: number,
  changes: Record<string, unknown>
) {
  const progress = db.connection(PROGRESS_CONNECTION)
  /* "no key update": the job's own inserts hold the row's key-share lock, which this does not wait for */
  const free = progress.raw('select id from ?? where id = ? for no key update skip locked', [
    table,
    id,
  ])
  await progress.from(table).whereIn('id', free).update(changes)
}

/**
 * A job's advisory lock, which serializes jobs on one deck: waited for as
 * long as the job before it runs (the worker's statement timeout bounds it),
 * not the lock timeout every connection has, which would fail the second of
 * two jobs on one deck after a few seconds.
 */
export async function waitForJobLock(trx: TransactionClientContract, key: number, id: number) {
  await trx.rawQuery('set local lock_timeout = 0')
  await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [key, id])
  await trx.rawQuery('set local lock_timeout to default')
}

/* the first key of the advisory locks that serialize jobs on one deck */
const DECK_JOB_LOCK = 4_201

export type Progress = (processed: number) => Promise<void>

/**
 * Runs a deck's job. A business rule the work refuses (an ApiException 422,
 * such as E_CARDS_LIMIT_REACHED) will refuse again on every retry: the job
 * fails at once, changes nothing, and the deck says why (`failureCode`).
 */
export async function runDeckJob(
  job: Job,
  deckId: number,
  work: (trx: TransactionClientContract, progress: Progress) => Promise<Partial<Processing>>,
  options: ActionOptions = {}
) {
  try {
    await withTransaction(options.trx, async (trx) => {
      /*
       * One job per deck at a time, without locking the deck's row: the
       * counters are written to that row from outside the transaction
       * (so the poll sees them), and a row lock held here would block them.
       */
      await waitForJobLock(trx, DECK_JOB_LOCK, deckId)
      const deck = await Deck.query({ client: trx }).where('id', deckId).firstOrFail()
      const progress: Progress = (processed) =>
        reportProgress(deckId, { ...deck.processing!, processed })
      const result = await work(trx, progress)
      const processing = deck.processing ?? { total: 0, processed: 0 }
      /* a finished job reserves nothing any more */
      const { reserved: _reserved, ...kept } = processing
      deck.merge({
        state: processing.previousState ?? 'active',
        processing: { ...kept, processed: processing.total, ...result },
      })
      await deck.useTransaction(trx).save()
    })
  } catch (error) {
    const refused = error instanceof ApiException && error.status === 422
    const lastAttempt = refused || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    if (lastAttempt) {
      await db
        .from('decks')
        .where('id', deckId)
        .update({
          state: 'processing_failed',
          processing: db.raw(`coalesce(processing, '{}'::jsonb) - 'reserved' || ?::jsonb`, [
            JSON.stringify(refused ? { failureCode: error.code } : {}),
          ]),
        })
    }
    throw refused
      ? new UnrecoverableError(`${error.code}: the job was refused and changed nothing`)
      : error
  }
}
