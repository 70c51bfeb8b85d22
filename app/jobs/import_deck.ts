import type { Job } from 'bullmq'
import { runImport } from '#actions/imports/run_import'

export default async function importDeck(payload: { importId: number; attempt: number }, job: Job) {
  await runImport(payload, job)
}
