import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { loadNotes } from '#queries/notes/load_notes'

/**
 * Notes whose first field reads the same (case and markup aside) as another
 * note's in the deck, grouped; with `query`, the notes whose first field
 * reads as that text (the editor's "already in this deck" check). Every
 * group's notes are loaded at once, then split (NoteDuplicatesTransformer):
 * no query per group.
 */
export async function findDuplicates(user: User, deckId: unknown, query?: string) {
  const deck = await findDeck(user, deckId)
  const deckIds = await subtreeIds(deck.id)
  const base = db.from('notes').whereIn('deck_id', deckIds).whereNot('sort_text', '')
  if (query?.trim()) {
    const matches = await base
      .where('sort_text', query.trim().toLowerCase())
      .select('id')
      .orderBy('id')
    const ids = matches.map((row) => row.id as number)
    return {
      groups: ids.length ? [{ text: query.trim(), ids }] : [],
      notes: await loadNotes(user, ids),
    }
  }
  const rows = await base
    .select('sort_text')
    .select(db.raw('array_agg(id order by id) as ids'))
    .groupBy('sort_text')
    .havingRaw('count(*) > 1')
    .orderBy('sort_text')
    .limit(100)
  const groups = rows.map((row) => ({ text: row.sort_text as string, ids: row.ids as number[] }))
  return {
    groups,
    notes: await loadNotes(
      user,
      groups.flatMap((group) => group.ids)
    ),
  }
}
