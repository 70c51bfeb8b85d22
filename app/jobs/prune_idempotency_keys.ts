import { pruneIdempotencyKeys } from '#services/idempotency'

/** Scheduled hourly by the worker (see SCHEDULES in app/services/queue.ts): keys older than 24 hours go. */
export default async function pruneIdempotencyKeysJob() {
  return { removed: await pruneIdempotencyKeys() }
}
