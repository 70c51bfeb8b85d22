import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/*
 * A media row is in use while a note or a note type of its owner names its
 * key (`/media/<uuid>.<ext>` in a field, an occlusion mask, a template or its
 * CSS; only the owner's, as only the owner is served the file). The UUID of
 * the key is what is looked for, anywhere in that text: a mention too
 * unusual to be anything else, so nothing in use is ever taken for unused.
 * A note's server-made speech (note_speech) keeps its audio the same way.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

export interface RemovedMedia {
  key: string
  size: number
}

/** The UUIDs named by the notes and note types of `userId` (of everyone when null), as an SQL set. */
function namedUuids(userId: number | null) {
  const owner = (alias: string) =>
    userId === null ? '' : `and ${alias}.user_id = ${Number(userId)}`
  return `
    select n.user_id, found[1] as uuid from notes n
      cross join lateral regexp_matches(lower(n.fields::text || ' ' || n.field_attachments_map::text),
        '${UUID}', 'g') as found
      where true ${owner('n')}
    union
    select t.user_id, found[1] from note_types t
      cross join lateral regexp_matches(lower(t.css || ' ' || t.templates::text), '${UUID}', 'g') as found
      where t.user_id is not null ${owner('t')}
    union
    select m.user_id, split_part(m.key, '.', 1) from note_speech s
      join media m on m.id = s.media_id
      where true ${owner('m')}`
}

/**
 * The media rows of `userId` that deleting these decks may leave unused:
 * the decks' own uploads and the files their notes name. Read before the
 * decks are deleted (their notes go with them).
 */
export async function mediaOfDecks(
  client: QueryClientContract,
  userId: number,
  deckIds: number[]
): Promise<number[]> {
  if (!deckIds.length) return []
  const result = await client.rawQuery(
    `select m.id from media m
      where m.user_id = ? and (
        m.deck_id = any(?::int[])
        or split_part(m.key, '.', 1) in (
          select found[1] from notes n
            cross join lateral regexp_matches(lower(n.fields::text || ' ' || n.field_attachments_map::text),
              '${UUID}', 'g') as found
            where n.deck_id = any(?::int[])
        )
      )`,
    [userId, deckIds, deckIds]
  )
  return result.rows.map((row: { id: number }) => row.id)
}

/**
 * Deletes the media rows in scope that nothing names any more and answers
 * their keys; the caller removes the files once the rows are committed.
 * Scope: these rows (a deleted deck's), or the sweep's: every row whose deck
 * is gone, and every other row older than `uploadedBefore` (an upload in the
 * editor is named by its note only once the note is saved).
 */
export async function deleteUnusedMedia(
  client: QueryClientContract,
  scope: { userId: number; ids: number[] } | { uploadedBefore: Date }
): Promise<RemovedMedia[]> {
  const rows =
    'ids' in scope
      ? scope.ids.length
        ? await client.rawQuery(
            `with named as (${namedUuids(scope.userId)})
           delete from media m where m.id = any(?::int[])
             and not exists (select 1 from named where named.user_id = m.user_id and named.uuid =
               split_part(m.key, '.', 1))
           returning m.key, m.size`,
            [scope.ids]
          )
        : { rows: [] }
      : await client.rawQuery(
          `with named as (${namedUuids(null)})
         delete from media m where (m.deck_id is null or m.created_at < ?)
           and not exists (select 1 from named where named.user_id = m.user_id and named.uuid =
             split_part(m.key, '.', 1))
         returning m.key, m.size`,
          [scope.uploadedBefore]
        )
  return rows.rows.map((row: { key: string; size: number }) => ({
    key: row.key,
    size: Number(row.size),
  }))
}
