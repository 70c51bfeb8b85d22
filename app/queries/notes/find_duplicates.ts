import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { presentNotes } from '#queries/notes/present_notes'

/**
 * Notes whose first field reads the same (case and markup aside) as another
 * note's in the deck, grouped; with `query`, the notes whose first field
 * reads as that text (the editor's "already in this deck" check).
 */
export async function findDuplicates(user: User, deckId: unknown, query?: string) {
  const deck = await findDeck(user, deckId)
  const deckIds = await subtreeIds(deck.id)
  const base = db.from('notes').whereIn('deck_id', deckIds).whereNot('sort_text', '')
  if (query?.trim()) {
    const ids = (await base.where('sort_text', query.trim().toLowerCase()).select('id').orderBy('id')).map((row) => row.id)
    return { groups: ids.length ? [{ text: query.trim(), notes: await presentNotes(user, ids) }] : [] }
  }
  const groups = await base
    .select('sort_text')
    .select(db.raw('array_agg(id order by id) as ids'))
    .groupBy('sort_text')
    .havingRaw('count(*) > 1')
    .orderBy('sort_text')
    .limit(100)
  /* one presentation for every group's notes, then split: no query per group */
  const notes = new Map((await presentNotes(user, groups.flatMap((group) => group.ids))).map((note) => [note.id, note]))
  return {
    groups: groups.map((group) => ({ text: group.sort_text, notes: group.ids.map((id: number) => notes.get(id)!).filter(Boolean) })),
  }
}
