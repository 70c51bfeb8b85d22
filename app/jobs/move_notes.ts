import type { Job } from 'bullmq'
import { runMoveNotes } from '#actions/notes/move_notes'
import type { JobPayload } from '#services/queue'

export default async function moveNotes(payload: JobPayload<'move_notes'>, job: Job) {
  await runMoveNotes(payload, job)
}
