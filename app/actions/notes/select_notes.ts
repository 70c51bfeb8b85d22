import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { findDeck, type DeckAbility } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'

/** Notes as a bulk call names them (bulkNotesValidator's fields). */
export interface Selection {
  deck_id: unknown
  ids?: number[]
  select_all?: boolean
}

/**
 * The notes a bulk call means: the given ids, or every note of the deck and
 * its subdecks with select_all. An id outside the deck is a 404 for the whole call.
 * `view` is enough for what touches only the caller's own progress (freeze,
 * suspend, reset); changing the notes themselves needs `edit`.
 */
export async function selectNotes(
  user: { id: number },
  selection: Selection,
  trx: TransactionClientContract,
  ability: DeckAbility = 'view'
) {
  const deck = await findDeck(user, selection.deck_id, trx, ability)
  const deckIds = await subtreeIds(deck.id, trx)
  const query = trx.from('notes').whereIn('deck_id', deckIds).select('id').orderBy('id')
  if (!selection.select_all) {
    const wanted = [...new Set(selection.ids ?? [])]
    if (!wanted.length)
      throw ApiException.of('E_VALIDATION_ERROR', { key: 'no_notes_selected', field: 'ids' })
    query.whereIn('id', wanted)
    const rows = await query
    if (rows.length !== wanted.length) throw ApiException.notFound()
    return { deck, deckIds, noteIds: rows.map((row) => row.id as number) }
  }
  const rows = await query
  return { deck, deckIds, noteIds: rows.map((row) => row.id as number) }
}
