import Deck from '#models/deck'
import Note from '#models/note'
import type User from '#models/user'
import NoteSpeech from '#models/note_speech'
import ApiException from '#exceptions/api_exception'
import { idParam, roleColumn } from '#queries/decks/find_deck'
import NotePolicy from '#policies/note_policy'
import { authorize } from '#services/authorize'
import { NOTE_ROW_COLUMNS, noteRow, notesQuery, type NoteRow } from '#queries/notes/list_notes'

/** A note whose deck this user may see, else a 404; then the ability against their role (DeckPolicy), else a 403. */
export async function findNote(
  user: { id: number },
  id: unknown,
  ability: 'view' | 'edit' = 'view'
) {
  const note = await Note.query()
    .where('notes.id', idParam(id))
    .whereHas('deck', (deck) => deck.withScopes((s) => s.accessibleBy(user)))
    .preload('deck', (deck) => deck.select('decks.*', roleColumn(user)))
    .first()
  if (!note) throw ApiException.notFound()
  await authorize(user, NotePolicy, ability, note)
  return note
}

/** Notes loaded for the spec's Note entity (NoteTransformer): in the order of `ids`, with their decks and state. */
export type LoadedNotes = {
  notes: Note[]
  decks: Map<number, Deck>
  rows: Map<number, NoteRow>
  speech?: Map<number, NoteSpeech[]>
}

/**
 * The notes of `ids` (their type and card ords loaded), their decks, and this learner's row per note (`rows`
 * when the caller has them).
 */
export async function loadNotes(user: User, ids: number[], rows?: NoteRow[]): Promise<LoadedNotes> {
  if (!ids.length) return { notes: [], decks: new Map(), rows: new Map(), speech: new Map() }
  const notes = await Note.query()
    .whereIn('id', ids)
    .preload('noteType')
    .preload('cards', (cards) => cards.select('id', 'note_id', 'ord'))
  const deckIds = [...new Set(notes.map((note) => note.deckId))]
  const deckList = await Deck.query().whereIn('id', deckIds)
  const decks = new Map(deckList.map((deck) => [deck.id, deck]))
  if (!rows) {
    const read = await notesQuery(user.id, { deckIds, noteIds: ids }).select(NOTE_ROW_COLUMNS)
    rows = read.map(noteRow)
  }
  const byId = new Map(notes.map((note) => [note.id, note]))
  /* the notes' text-to-speech entries (textToSpeechMap), their audio's key with them */
  const speech = new Map<number, NoteSpeech[]>()
  for (const entry of await NoteSpeech.query()
    .whereIn('note_id', ids)
    .preload('media')
    .orderBy(['side', 'string_index'])) {
    speech.set(entry.noteId, [...(speech.get(entry.noteId) ?? []), entry])
  }
  return {
    speech,
    notes: ids.map((id) => byId.get(id)).filter((note): note is Note => Boolean(note)),
    decks,
    rows: new Map(rows.map((row) => [row.id, row])),
  }
}
