import { runStream } from '#actions/ai/run_stream'
import type { JobPayload } from '#services/queue'

export default async function aiStream(payload: JobPayload<'ai_stream'>) {
  await runStream(payload)
}
