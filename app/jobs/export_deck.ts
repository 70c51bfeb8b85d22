import type { Job } from 'bullmq'
import { runExport } from '#actions/exports/run_export'
import type { JobPayload } from '#services/queue'

export default async function exportDeck(payload: JobPayload<'export_deck'>, job: Job) {
  await runExport(payload, job)
}
