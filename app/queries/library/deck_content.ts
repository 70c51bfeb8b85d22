import db from '@adonisjs/lucid/services/db'
import LibraryNote from '#models/library_note'
import LibraryRating from '#models/library_rating'
import NoteType from '#models/note_type'
import type PublicDeck from '#models/public_deck'

/** A page of the notes of the deck's current revision, in the author's order, with their note types. */
export async function libraryNotesPage(
  deck: PublicDeck,
  limit: number,
  offset: number,
  query = ''
) {
  const filtered = () => {
    const builder = LibraryNote.query().where('revision_id', deck.currentRevisionId!)
    if (query)
      builder.whereILike('search_text', `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
    return builder
  }
  const [notes, counted] = await Promise.all([
    filtered().orderBy('position').orderBy('id').limit(limit).offset(offset),
    filtered().count('* as total'),
  ])
  const typeIds = [...new Set(notes.map((note) => note.noteTypeId))]
  const types = typeIds.length ? await NoteType.query().whereIn('id', typeIds) : []
  return {
    notes,
    noteTypes: new Map(types.map((type) => [type.id, type])),
    total: Number(counted[0].$extras.total),
  }
}

/**
 * GET library_decks/{id}/cards: a page of the cards of the deck's current
 * revision (a cloze note with c1..c3 is three cards), in the author's order
 * and each note's card order. `offset`, `limit` and `total` count cards: the
 * notes are picked by their running card count, then cut to the page.
 */
export async function libraryCardsPage(
  deck: PublicDeck,
  limit: number,
  offset: number,
  query = ''
) {
  const notes = db
    .from('library_notes')
    .where('revision_id', deck.currentRevisionId!)
    .if(query, (builder) =>
      builder.whereILike('search_text', `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
    )
  const running = notes
    .clone()
    .select('id', 'cards_count')
    .select(db.raw('sum(cards_count) over (order by position, id)::int as upto'))
  const [picked, counted] = await Promise.all([
    db
      .from(running.as('n'))
      .where('upto', '>', offset)
      .whereRaw('upto - cards_count < ?', [offset + limit])
      .orderBy('upto')
      .select('id', 'upto', 'cards_count'),
    notes.clone().select(db.raw('coalesce(sum(cards_count), 0)::int as total')).first(),
  ])
  const rows = picked.length
    ? await LibraryNote.query().whereIn(
        'id',
        picked.map((row) => row.id)
      )
    : []
  const byId = new Map(rows.map((note) => [note.id, note]))
  const typeIds = [...new Set(rows.map((note) => note.noteTypeId))]
  const types = typeIds.length ? await NoteType.query().whereIn('id', typeIds) : []
  return {
    /* each note with the index of its first card in the whole deck */
    notes: picked.map((row) => ({ note: byId.get(row.id)!, first: row.upto - row.cards_count })),
    noteTypes: new Map(types.map((type) => [type.id, type])),
    total: Number(counted?.total ?? 0),
  }
}

/** The reviews of a deck (ratings with a comment), newest first, with their authors. */
export async function deckReviews(deck: PublicDeck, limit: number, offset: number) {
  return LibraryRating.query()
    .where('public_deck_id', deck.id)
    .whereNotNull('comment')
    .preload('author')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
}

/** A deck's rating counts by star (index 0 is one star). */
export async function ratingBreakdown(deck: PublicDeck) {
  const breakdown = [0, 0, 0, 0, 0]
  const rows = await db
    .from('library_ratings')
    .where('public_deck_id', deck.id)
    .groupBy('rating')
    .select('rating')
    .select(db.raw('count(*)::int AS n'))
  for (const row of rows) breakdown[row.rating - 1] = row.n
  return breakdown
}

/** The signed-in reader's own rating of the deck, if any. */
export function ownRating(deck: PublicDeck, userId: number | undefined) {
  if (!userId) return null
  return LibraryRating.query().where('public_deck_id', deck.id).where('user_id', userId).first()
}
