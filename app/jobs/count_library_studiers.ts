import { countLibraryStudiers } from '#actions/library/count_studiers'

/** Scheduled hourly by the worker (see SCHEDULES in app/services/queue.ts). */
export default async function countLibraryStudiersJob() {
  return { changed: await countLibraryStudiers() }
}
