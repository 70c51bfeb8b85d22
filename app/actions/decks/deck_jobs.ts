import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Job } from 'bullmq'
import Deck, { type DeckState, type Processing } from '#models/deck'
import { dispatch, type JobName } from '#services/queue'

/**
 * Long work on a deck runs as a job. The deck shows the job's state and
 * counters while it runs; the work itself is one transaction, so a failure
 * leaves nothing half-done, and after the last attempt the deck shows
 * `processing_failed`.
 */
export async function startDeckJob(
  deck: Deck,
  state: DeckState,
  total: number,
  job: JobName,
  payload: Record<string, unknown>,
  trx: TransactionClientContract
) {
  const previousState = deck.state === 'processing_failed' ? 'active' : deck.state
  deck.merge({ state, processing: { total, processed: 0, previousState } })
  await deck.useTransaction(trx).save()
  /* after the commit, so the worker sees the deck in its new state */
  trx.after('commit', () => void dispatch(job, { deckId: deck.id, ...payload }))
}

/* the first key of the advisory locks that serialize jobs on one deck */
const DECK_JOB_LOCK = 4_201

export type Progress = (processed: number) => Promise<void>

export async function runDeckJob(
  job: Job,
  deckId: number,
  work: (trx: TransactionClientContract, progress: Progress) => Promise<Partial<Processing>>
) {
  try {
    await db.transaction(async (trx) => {
      /*
       * One job per deck at a time, without locking the deck's row: the
       * counters below are written to that row from outside the transaction
       * (so the poll sees them), and a row lock held here would block them.
       */
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [DECK_JOB_LOCK, deckId])
      const deck = await Deck.query({ client: trx }).where('id', deckId).firstOrFail()
      /* the counters move outside the transaction so the poll sees them */
      const progress: Progress = async (processed) => {
        await db.from('decks').where('id', deckId).update({ processing: JSON.stringify({ ...deck.processing, processed }) })
      }
      const result = await work(trx, progress)
      const processing = deck.processing ?? { total: 0, processed: 0 }
      deck.merge({
        state: processing.previousState ?? 'active',
        processing: { ...processing, processed: processing.total, ...result },
      })
      await deck.useTransaction(trx).save()
    })
  } catch (error) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    if (lastAttempt) await db.from('decks').where('id', deckId).update({ state: 'processing_failed' })
    throw error
  }
}
