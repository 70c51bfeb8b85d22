import { expirePremiumGrace } from '#actions/payments/expire_grace'

/** Scheduled hourly by the worker (see SCHEDULES in app/services/queue.ts). */
export default async function expirePremiumGraceJob() {
  return { ended: await expirePremiumGrace() }
}
