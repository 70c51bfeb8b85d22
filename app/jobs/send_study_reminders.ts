import { sendStudyReminders } from '#actions/client/study_reminders'
import type { JobPayload } from '#services/queue'

/**
 * Scheduled every 5 minutes by the worker (SCHEDULES in app/services/queue.ts); tests dispatch it with a fake
 * `now`.
 */
export default async function sendStudyRemindersJob(payload: JobPayload<'send_study_reminders'>) {
  return sendStudyReminders({ now: payload.now ? new Date(payload.now) : new Date() })
}
