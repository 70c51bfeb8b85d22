import db from '@adonisjs/lucid/services/db'

/**
 * Folds each deck's rows of deck_card_tallies into one (the hourly
 * compact_deck_card_tallies job): every statement that adds, removes or
 * moves cards appends a row per deck (database/sql/mnemo_deck_card_tallies_v1.sql),
 * and the queue's totals sum a deck's rows after every answer. Returns how
 * many rows were folded.
 */
export async function compactDeckCardTallies() {
  const { rows } = await db.rawQuery('select mnemo_compact_deck_card_tallies() as folded')
  return rows[0].folded as number
}
