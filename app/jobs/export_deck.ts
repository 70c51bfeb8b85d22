import type { Job } from 'bullmq'
import { runExport } from '#actions/exports/run_export'

export default async function exportDeck(payload: { exportId: number }, job: Job) {
  await runExport(job, payload.exportId)
}
