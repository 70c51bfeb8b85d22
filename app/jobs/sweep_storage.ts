import { sweepStorage } from '#actions/maintenance/sweep_storage'

/** Scheduled by the worker (see SCHEDULES in app/services/queue.ts); answers what it removed. */
export default async function sweepStorageJob() {
  return sweepStorage()
}
