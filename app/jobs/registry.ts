import type { Job } from 'bullmq'
import type { JobName, JobPayloads } from '#services/queue'

/** A job's body: its payload as dispatched, and BullMQ's job (attempts, options). */
export type JobHandler<Name extends JobName> = (
  payload: JobPayloads[Name],
  job: Job
) => Promise<unknown>

/*
 * name → the lazily imported handler, one for every name the queue knows (a
 * missing or extra name, or a handler taking another payload, does not
 * compile). Only the worker command imports this (and hands runJob to the
 * worker, app/services/worker.ts): the jobs call actions, and the
 * actions dispatch through #services/queue, which imports no job.
 */
export const JOB_HANDLERS: { [Name in JobName]: () => Promise<{ default: JobHandler<Name> }> } = {
  send_mail: () => import('#jobs/send_mail'),
  duplicate_deck: () => import('#jobs/duplicate_deck'),
  move_notes: () => import('#jobs/move_notes'),
  reverse_notes: () => import('#jobs/reverse_notes'),
  fit_fsrs: () => import('#jobs/fit_fsrs'),
  export_deck: () => import('#jobs/export_deck'),
  import_deck: () => import('#jobs/import_deck'),
  ai_stream: () => import('#jobs/ai_stream'),
  prune_access_tokens: () => import('#jobs/prune_access_tokens'),
  prune_idempotency_keys: () => import('#jobs/prune_idempotency_keys'),
  sweep_storage: () => import('#jobs/sweep_storage'),
  count_library_studiers: () => import('#jobs/count_library_studiers'),
  expire_premium_grace: () => import('#jobs/expire_premium_grace'),
  generate_speech: () => import('#jobs/generate_speech'),
  send_study_reminders: () => import('#jobs/send_study_reminders'),
  hand_off_jobs: () => import('#jobs/hand_off_jobs'),
  compact_deck_card_tallies: () => import('#jobs/compact_deck_card_tallies'),
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_HANDLERS, name)
}

/** Runs a job the worker took: its handler with its payload. */
export async function runJob(job: Job) {
  if (!isJobName(job.name)) throw new Error(`Unknown job "${job.name}"`)
  const { default: handler } = await JOB_HANDLERS[job.name]()
  return (handler as JobHandler<JobName>)(job.data, job)
}
