import Deck from '#models/deck'
import Note from '#models/note'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import NoteTransformer from '#transformers/note_transformer'
import { idParam } from '#queries/decks/find_deck'
import { NOTE_ROW_COLUMNS, noteRow, notesQuery, type NoteRow } from '#queries/notes/list_notes'

/** A note whose deck this user may see, else a 404. */
export async function findNote(user: { id: number }, id: unknown) {
  const note = await Note.query()
    .where('notes.id', idParam(id))
    .whereHas('deck', (deck) => deck.withScopes((s) => s.accessibleBy(user)))
    .preload('deck')
    .first()
  if (!note) throw ApiException.notFound()
  return note
}

/** The notes in the spec's shape, in the order of `ids`, with this learner's state. */
export async function presentNotes(user: User, ids: number[], rows?: NoteRow[]) {
  if (!ids.length) return []
  const notes = await Note.query().whereIn('id', ids).preload('noteType').preload('cards', (cards) => cards.select('id', 'note_id', 'ord'))
  const deckIds = [...new Set(notes.map((note) => note.deckId))]
  const decks = new Map((await Deck.query().whereIn('id', deckIds)).map((deck) => [deck.id, deck]))
  if (!rows) {
    rows = (await notesQuery(user.id, { deckIds, noteIds: ids }).select(NOTE_ROW_COLUMNS)).map(noteRow)
  }
  const rowOf = new Map(rows.map((row) => [row.id, row]))
  const byId = new Map(notes.map((note) => [note.id, note]))
  return ids
    .map((id) => byId.get(id))
    .filter((note): note is Note => Boolean(note))
    .map((note) => NoteTransformer.forApi(note, rowOf.get(note.id), decks.get(note.deckId)!, note.cards.map((card) => card.ord)))
}
