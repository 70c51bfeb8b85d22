import type { Job } from 'bullmq'
import ReverseNotes from '#actions/notes/reverse_notes'

export default async function reverseNotes(payload: Parameters<typeof ReverseNotes.run>[1], job: Job) {
  await ReverseNotes.run(job, payload)
}
