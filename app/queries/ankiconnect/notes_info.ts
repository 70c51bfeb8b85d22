import db from '@adonisjs/lucid/services/db'
import { SHARED_WITH } from '#models/deck'
import { noteTypesById } from '#queries/notes/note_types_by_id'
import { deckPaths } from '#queries/ankiconnect/deck_paths'
import { mediaNamesByUrl } from '#queries/ankiconnect/media_names'
import { renderCard } from '#note_types/cards'
import { ankiReferences, mediaUrlsIn } from '#services/ankiconnect'

/*
 * AnkiConnect's notesInfo and cardsInfo, read through what the learner may
 * see (their decks and the shared trees they take part in): an id they may
 * not see is answered as one that does not exist, `{}` in its place.
 */

const ANKI_TYPE: Record<string, number> = { new: 0, learning: 1, review: 2, relearning: 3 }

/* Anki's card ordinal: a reversed card of Mnemo's (100 + n) is the template after the note's own */
const ankiOrd = (ord: number) => (ord >= 100 ? ord - 99 : ord)

const visible = (user: { id: number }) =>
  db
    .from('decks')
    .where((access) => access.where('decks.user_id', user.id).orWhereRaw(SHARED_WITH, [user.id]))
    .select('id')

const safeIds = (ids: unknown[]) =>
  ids.filter(
    (id): id is number =>
      Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2147483647
  )

/** The notes of `ids` the learner sees, with the root of their deck's tree. */
export async function visibleNotes(user: { id: number }, ids: unknown[]) {
  const wanted = safeIds(ids)
  if (!wanted.length) return []
  const rows = await db
    .from('notes as n')
    .join('decks as d', 'd.id', 'n.deck_id')
    .whereIn('n.id', wanted)
    .whereIn('d.id', visible(user))
    .select('n.id', 'n.deck_id', db.raw('coalesce(d.root_deck_id, d.id) as root_id'))
  return rows as Array<{ id: number; deck_id: number; root_id: number }>
}

/** The cards of `ids` the learner sees, with their note and the root of their deck's tree. */
export async function visibleCards(user: { id: number }, ids: unknown[]) {
  const wanted = safeIds(ids)
  if (!wanted.length) return []
  const rows = await db
    .from('cards as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .whereIn('c.id', wanted)
    .whereIn('d.id', visible(user))
    .select('c.id', 'c.note_id', db.raw('coalesce(d.root_deck_id, d.id) as root_id'))
  return rows as Array<{ id: number; note_id: number; root_id: number }>
}

/** The learner's notes with what AnkiConnect shows of them, by id; fields name their files as Anki does. */
async function readNotes(user: { id: number }, ids: number[]) {
  if (!ids.length) return new Map()
  const notes = await db
    .from('notes')
    .whereIn('id', ids)
    .select(
      'id',
      'deck_id',
      'note_type_id',
      'fields',
      'field_attachments_map',
      'tags',
      'updated_at'
    )
  const cards = await db
    .from('cards')
    .whereIn('note_id', ids)
    .select('id', 'note_id')
    .orderBy('ord')
  const types = await noteTypesById(notes.map((note) => note.note_type_id))
  const names = await mediaNamesByUrl(
    user,
    notes.flatMap((note) =>
      Object.values(note.fields as Record<string, string>).flatMap(mediaUrlsIn)
    )
  )
  return new Map(
    notes.map((note) => {
      const definition = types.get(note.note_type_id)!.definition
      const fields = Object.fromEntries(
        definition.fields.map((field, order) => [
          field.name,
          { value: ankiReferences(note.fields[field.name] ?? '', names), order },
        ])
      )
      return [
        note.id as number,
        {
          row: note,
          definition,
          info: {
            noteId: note.id as number,
            profile: 'User 1',
            modelName: definition.name,
            tags: note.tags as string[],
            fields,
            cards: cards
              .filter((card) => card.note_id === note.id)
              .map((card) => card.id as number),
            mod: Math.floor(new Date(note.updated_at).getTime() / 1000),
          },
        },
      ]
    })
  )
}

/** notesInfo: one entry per id, in order; `{}` for a note the learner does not have. */
export async function notesInfo(user: { id: number }, ids: unknown[]) {
  const seen = await visibleNotes(user, ids)
  const notes = await readNotes(
    user,
    seen.map((row) => row.id)
  )
  return ids.map((id) => notes.get(id)?.info ?? {})
}

/** cardsInfo: one entry per id, in order, with the learner's own progress; `{}` for a card they do not have. */
export async function cardsInfo(user: { id: number }, ids: unknown[]) {
  const seen = await visibleCards(user, ids)
  const cardIds = seen.map((row) => row.id)
  const notes = await readNotes(user, [...new Set(seen.map((row) => row.note_id))])
  const rows = cardIds.length
    ? await db
        .from('cards as c')
        .joinRaw('left join card_progress p on p.card_id = c.id and p.user_id = ?', [user.id])
        .joinRaw('left join card_suspensions s on s.card_id = c.id and s.user_id = ?', [user.id])
        .joinRaw('left join card_flags f on f.card_id = c.id and f.user_id = ?', [user.id])
        .whereIn('c.id', cardIds)
        .select('c.id', 'c.note_id', 'c.deck_id', 'c.ord', 'p.state', 'p.due_at', 'p.interval_days')
        .select('p.reps', 'p.lapses', 'p.ease_permille', 'p.updated_at', 'f.flag')
        .select(db.raw('s.card_id is not null as suspended'))
    : []
  const decks = await deckPaths(user)
  const paths = new Map(decks.map((deck) => [deck.id, deck.path]))
  const byId = new Map(
    rows.map((row) => {
      const note = notes.get(row.note_id)
      const stored = note.row.fields as Record<string, string>
      const rendered = renderCard(note.definition, stored, row.ord, {
        attachments: note.row.field_attachments_map,
        deckName: paths.get(row.deck_id) ?? '',
        tags: note.info.tags,
      })
      const type = ANKI_TYPE[row.state ?? 'new'] ?? 2
      return [
        row.id as number,
        {
          answer: rendered.back,
          question: rendered.front,
          deckName: paths.get(row.deck_id) ?? '',
          modelName: note.info.modelName,
          fieldOrder: ankiOrd(row.ord),
          fields: note.info.fields,
          css: rendered.css,
          cardId: row.id as number,
          interval: Number(row.interval_days ?? 0),
          note: row.note_id as number,
          ord: ankiOrd(row.ord),
          type,
          queue: row.suspended ? -1 : type === 3 ? 1 : type,
          due: row.due_at ? Math.floor(new Date(row.due_at).getTime() / 1000) : 0,
          reps: Number(row.reps ?? 0),
          lapses: Number(row.lapses ?? 0),
          left: 0,
          factor: Number(row.ease_permille ?? 0),
          flags: Number(row.flag ?? 0),
          mod: Math.floor(new Date(row.updated_at ?? note.row.updated_at).getTime() / 1000),
        },
      ]
    })
  )
  return ids.map((id) => byId.get(id as number) ?? {})
}
