import type { Job } from 'bullmq'
import DuplicateDeck from '#actions/decks/duplicate_deck'

export default async function duplicateDeck(payload: Parameters<typeof DuplicateDeck.run>[1], job: Job) {
  await DuplicateDeck.run(job, payload)
}
