import type { Job } from 'bullmq'
import { runReverseNotes } from '#actions/notes/reverse_notes'
import type { JobPayload } from '#services/queue'

export default async function reverseNotes(payload: JobPayload<'reverse_notes'>, job: Job) {
  await runReverseNotes(payload, job)
}
