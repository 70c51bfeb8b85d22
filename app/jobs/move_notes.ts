import type { Job } from 'bullmq'
import MoveNotes from '#actions/notes/move_notes'

export default async function moveNotes(payload: Parameters<typeof MoveNotes.run>[1], job: Job) {
  await MoveNotes.run(job, payload)
}
