import { createHash } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { learnerDay } from '#tests/support/anki_collection_view'

/*
 * A learner's deck (with its subdecks) as the database holds it, keyed by
 * what a round trip keeps (note guids, template ords, deck paths below the
 * deck, media names), not by the ids a new import gives: notes, note
 * types, cards with the learner's scheduling (a review due day in the
 * learner's time zone and rollover; a learning card's due to the second, as
 * Anki keeps it), suspensions, burials, review history and media bytes.
 */

type Row = Record<string, any>

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null)

async function deckPaths(rootId: number) {
  const { rows } = (await db.rawQuery(
    `with recursive tree as (
       select id, ''::text as path from decks where id = ?
       union all
       select d.id, t.path || '/' || d.name from decks d join tree t on d.parent_id = t.id
     ) select id, path from tree`,
    [rootId]
  )) as { rows: { id: number; path: string }[] }
  return new Map(rows.map((row) => [row.id, row.path]))
}

export async function deckState(userId: number, rootId: number, offsetMinutes: number) {
  const paths = await deckPaths(rootId)
  const deckIds = [...paths.keys()]
  const notes: Row[] = await db.from('notes').whereIn('deck_id', deckIds).orderBy('guid')
  const types: Row[] = await db
    .from('note_types')
    .whereIn('id', [...new Set(notes.map((note) => note.note_type_id))])
  const typeName = new Map(types.map((type) => [type.id, `${type.kind}:${type.name}`]))
  const guidOf = new Map(notes.map((note) => [note.id, note.guid]))
  const cards: Row[] = await db.from('cards').whereIn('note_id', [...guidOf.keys()])
  const cardIds = cards.map((card) => card.id)
  const keyOf = new Map(cards.map((card) => [card.id, `${guidOf.get(card.note_id)}#${card.ord}`]))
  const mine = (table: string) =>
    db.from(table).where('user_id', userId).whereIn('card_id', cardIds)
  const progress = new Map((await mine('card_progress')).map((row: Row) => [row.card_id, row]))
  const suspended = new Set((await mine('card_suspensions')).map((row: Row) => row.card_id))
  const burials = new Map((await mine('card_burials')).map((row: Row) => [row.card_id, row]))
  const reviews: Row[] = await mine('review_logs').orderBy('reviewed_at').orderBy('id')
  const media: Row[] = await db.from('media').where('user_id', userId).whereIn('deck_id', deckIds)
  const mediaState: [string, string][] = []
  for (const row of media) {
    const bytes = Buffer.from(await drive.use().getBytes(`media/${row.key}`))
    mediaState.push([row.original_name, createHash('sha1').update(bytes).digest('hex')])
  }
  /* a field names a file by its stored key, which a new import gives anew: named by the file's name here */
  const nameOf = new Map(media.map((row) => [String(row.key).toLowerCase(), row.original_name]))
  const named = (fields: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fields ?? {}).map(([name, html]) => [
        name,
        String(html).replace(
          /\/media\/([0-9a-f-]{36}\.[a-z0-9]{1,5})/gi,
          (whole, key: string) => `media:${nameOf.get(key.toLowerCase()) ?? whole}`
        ),
      ])
    )
  const progressOf = (row: Row | undefined) =>
    row && {
      state: row.state,
      due:
        row.state === 'review' && row.due_at
          ? learnerDay(row.due_at.getTime(), offsetMinutes)
          : seconds(row.due_at),
      intervalDays: Number(row.interval_days),
      ease: row.ease_permille,
      reps: row.reps,
      lapses: row.lapses,
      stability: row.stability,
      difficulty: row.difficulty,
      frozen: row.frozen,
      lastReviewedAt: seconds(row.last_reviewed_at),
    }
  return {
    decks: [...paths.values()].sort(),
    noteTypes: types
      .map((type) => ({
        kind: type.kind,
        name: type.name,
        fields: type.fields,
        templates: type.templates,
        css: type.css,
        sortField: type.sort_field,
        ankiId: type.anki_id,
        ankiModel: type.anki_model,
      }))
      .sort((a, b) => `${a.kind}:${a.name}`.localeCompare(`${b.kind}:${b.name}`)),
    notes: notes.map((note) => ({
      guid: note.guid,
      type: typeName.get(note.note_type_id),
      deck: paths.get(note.deck_id),
      fields: named(note.fields),
      tags: note.tags,
      attachments: note.field_attachments_map,
      reversed: note.is_reversed,
      createdAt: note.created_at.getTime(),
    })),
    cards: cards
      .map((card) => ({
        key: keyOf.get(card.id)!,
        deck: paths.get(card.deck_id),
        createdAt: card.created_at.getTime(),
        progress: progressOf(progress.get(card.id)) ?? null,
        suspended: suspended.has(card.id),
        buried: burials.has(card.id) ? { manual: burials.get(card.id)!.manual } : null,
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    reviews: reviews.map((row) => ({
      card: keyOf.get(row.card_id),
      reviewedAt: row.reviewed_at.getTime(),
      rating: row.rating,
      kind: row.kind,
      intervalBefore: Number(row.interval_before),
      intervalAfter: Number(row.interval_after),
      easeAfter: row.ease_after,
      durationMs: row.duration_ms,
      studyDay: row.study_day,
    })),
    media: mediaState.sort((a, b) => a[0].localeCompare(b[0])),
  }
}
