import type { Job } from 'bullmq'
import { runImport } from '#actions/imports/run_import'
import type { JobPayload } from '#services/queue'

export default async function importDeck(payload: JobPayload<'import_deck'>, job: Job) {
  await runImport(payload, job)
}
