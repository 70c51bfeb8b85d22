import db from '@adonisjs/lucid/services/db'
import type { CsvNote } from '#exporters/deck_csv'

const BATCH = 1000

/**
 * The notes of these decks (a deck and its subdecks, access checked by the
 * caller) as the CSV export reads them (app/exporters/deck_csv.ts): in
 * batches by id, each read as the previous one is taken, none empty.
 */
export async function* csvNotes(deckIds: number[]): AsyncGenerator<CsvNote[]> {
  let after = 0
  while (true) {
    const notes: CsvNote[] = await db
      .from('notes')
      .join('note_types', 'note_types.id', 'notes.note_type_id')
      .whereIn('notes.deck_id', deckIds)
      .where('notes.id', '>', after)
      .orderBy('notes.id')
      .limit(BATCH)
      .select(
        'notes.id',
        'notes.fields',
        'notes.tags',
        'notes.note_type_id',
        'note_types.kind',
        'note_types.fields as type_fields'
      )
    if (!notes.length) return
    yield notes
    after = notes[notes.length - 1].id
    if (notes.length < BATCH) return
  }
}
