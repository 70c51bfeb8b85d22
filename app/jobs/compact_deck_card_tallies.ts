import { compactDeckCardTallies } from '#actions/maintenance/compact_deck_card_tallies'

/** Scheduled hourly by the worker (see SCHEDULES in app/services/queue.ts). */
export default async function compactDeckCardTalliesJob() {
  return { folded: await compactDeckCardTallies() }
}
