import type { Job } from 'bullmq'
import { generateNoteSpeech } from '#actions/speech/generate_note_speech'
import type { JobPayload } from '#services/queue'

export default async function generateSpeech(payload: JobPayload<'generate_speech'>, job: Job) {
  return generateNoteSpeech(payload, job)
}
