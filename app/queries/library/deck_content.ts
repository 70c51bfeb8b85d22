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
