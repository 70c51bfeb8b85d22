import db from '@adonisjs/lucid/services/db'
import type DeckImport from '#models/deck_import'

/**
 * The spec's deck import status `ids`: the decks a finished import made, its
 * deck first, then the subdecks it wrote (a bundle's decks, the parts of a
 * split deck) by id; `[]` until the import is done (a failed or cancelled one
 * made none). One statement for a list of imports. Sets `$extras.deckIds`.
 */
export async function loadCreatedDecks(records: DeckImport[]) {
  const done = records.filter((record) => record.shownStatus === 'done' && record.deckId !== null)
  for (const record of records) record.$extras.deckIds = []
  if (!done.length) return
  const roots = done.map((record) => record.deckId!)
  const rows: { id: number; root_deck_id: number | null }[] = await db
    .from('decks')
    .whereIn('id', roots)
    .orWhereIn('root_deck_id', roots)
    .orderByRaw('root_deck_id is not null, id')
    .select('id', 'root_deck_id')
  for (const record of done)
    record.$extras.deckIds = rows
      .filter((row) => (row.root_deck_id ?? row.id) === record.deckId)
      .map((row) => row.id)
}
