import db from '@adonisjs/lucid/services/db'
import DeckRevision from '#models/deck_revision'
import type NoteType from '#models/note_type'
import { preview } from '#note_types/plain_text'
import type { NoteFields } from '#note_types/types'
import { noteTypesById } from '#queries/notes/note_types_by_id'

const PREVIEW_NOTES = 5
const LIMIT = 50

/* a note's first two fields in its type's order (the fields' jsonb keeps no order: "Back" came before "Front") */
function sides(noteType: NoteType | undefined, fields: NoteFields) {
  const [front = '', back = ''] = noteType
    ? noteType.definition.fields.map((field) => fields[field.name] ?? '')
    : Object.values(fields)
  return { front: preview(front, 120), back: preview(back, 120) }
}

/** What waits for a moderator: pending revisions (oldest first) with their first notes, and open reports. */
export async function moderationQueue() {
  const pending = await DeckRevision.query()
    .where('status', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .limit(LIMIT)
  const revisions = []
  for (const revision of pending) {
    const author = await db
      .from('users')
      .where('id', revision.userId)
      .select('id', 'name', 'username', 'email')
      .first()
    const notes = await db
      .from('library_notes')
      .where('revision_id', revision.id)
      .orderBy('position')
      .orderBy('id')
      .limit(PREVIEW_NOTES)
      .select('id', 'fields', 'deck_path', 'note_type_id')
    const count = await db
      .from('library_notes')
      .where('revision_id', revision.id)
      .count('* as n')
      .first()
    const types = await noteTypesById(notes.map((note) => note.note_type_id))
    revisions.push({
      revision,
      author: {
        id: author.id as number,
        name: (author.name ?? author.username ?? author.email ?? '') as string,
      },
      notesCount: Number(count.n),
      notes: notes.map((note) => ({
        id: note.id as number,
        ...sides(types.get(note.note_type_id), note.fields),
        deckPath: note.deck_path as string[],
      })),
    })
  }
  const openReports = await db
    .from('deck_reports')
    .leftJoin('public_decks', 'public_decks.id', 'deck_reports.public_deck_id')
    .join('decks', 'decks.id', 'deck_reports.deck_id')
    .where('deck_reports.status', 'open')
    .orderBy('deck_reports.created_at')
    .orderBy('deck_reports.id')
    .limit(LIMIT)
    .select(
      'deck_reports.id',
      'deck_reports.text',
      'deck_reports.public_deck_id',
      'deck_reports.created_at',
      'public_decks.name as public_name',
      'decks.name as deck_name'
    )
  const reports = openReports.map((row) => ({
    id: row.id as number,
    text: row.text as string,
    publicDeckId: row.public_deck_id as number | null,
    deckName: (row.public_name ?? row.deck_name) as string,
    createdAt: new Date(row.created_at).toISOString(),
  }))
  return { revisions, reports }
}

export type ModerationQueue = Awaited<ReturnType<typeof moderationQueue>>
