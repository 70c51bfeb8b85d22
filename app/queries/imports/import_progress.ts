import Deck from '#models/deck'
import type DeckImport from '#models/deck_import'

export interface ImportProgress {
  total: number
  processed: number
}

/** The counters of an import still running, from its deck (the job writes them there); zeros once it ended. */
export async function importProgress(record: DeckImport): Promise<ImportProgress> {
  const deck = record.deckId && !record.isFinished ? await Deck.find(record.deckId) : null
  return { total: deck?.processing?.total ?? 0, processed: deck?.processing?.processed ?? 0 }
}
