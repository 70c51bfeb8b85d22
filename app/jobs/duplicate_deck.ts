import type { Job } from 'bullmq'
import { runDuplicateDeck } from '#actions/decks/duplicate_deck'
import type { JobPayload } from '#services/queue'

export default async function duplicateDeck(payload: JobPayload<'duplicate_deck'>, job: Job) {
  await runDuplicateDeck(payload, job)
}
