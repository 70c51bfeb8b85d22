import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'
import type { DeckState } from '#models/deck'
import DeckJobTransformer from '#transformers/deck_job_transformer'

/** A job as it started: the page follows it even when it ends before the first poll. */
export type StartedJob = ReturnType<DeckJobTransformer['toObject']> & { reverse?: boolean }

/** The flash key that carries a started job to the next page (startedJob, startedJobsOf). */
export const STARTED_JOB = 'deckJobStarted'

/** A job just started on the deck, as flashed under STARTED_JOB for the next page (the session keeps JSON). */
export function startedJob(deck: Deck, state: DeckState, reverse?: boolean): StartedJob {
  return { ...new DeckJobTransformer(deck).toObject(), state, reverse }
}

/** The started job a page was flashed, as the list the page follows. */
export function startedJobsOf(flashed: unknown): StartedJob[] {
  return flashed ? [flashed as StartedJob] : []
}

/** The pages' `started`: the job flashed by the request that started it. */
export default class StartedJobTransformer extends BaseTransformer<StartedJob> {
  toObject(): StartedJob {
    return this.resource
  }
}
