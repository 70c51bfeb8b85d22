import { pruneAccessTokens } from '#actions/auth/prune_access_tokens'

/** Scheduled hourly by the worker (see SCHEDULES in app/services/queue.ts). */
export default async function pruneAccessTokensJob() {
  return { removed: await pruneAccessTokens() }
}
