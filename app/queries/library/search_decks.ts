import db from '@adonisjs/lucid/services/db'
import { decksByIds, publishedDecks } from '#queries/library/library_decks'

const PUBLISHED = "pd.status = 'approved' AND pd.current_revision_id IS NOT NULL AND pd.unpublished_at IS NULL"

/** The words of a query as prefix terms of a tsquery ('spanish verbs' → 'spanish:* & verbs:*'); null when it has none. */
export function prefixTsQuery(query: string) {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const terms = [...new Set(words)].slice(0, 8).map((word) => `${word.slice(0, 40)}:*`)
  return terms.length ? terms.join(' & ') : null
}

/*
 * Ranked full-text search over name (A), description (B) and note text (C)
 * (public_decks.search_vector, GIN), or a name close in trigrams to the query
 * (pg_trgm, GIN on name): `%` for a name about as long as the query,
 * `<%` for a query close to a part of a longer name. The second catches
 * misspellings ("spansh verbs" finds "Spanish verbs"). Rank: the text match
 * plus how close the name is, then id.
 */
/** The search statement with its named bindings (the benchmark EXPLAINs the same one). */
export function searchStatement(query: string, limit: number, offset: number) {
  const tsQuery = prefixTsQuery(query)
  const textMatch = tsQuery ? "pd.search_vector @@ to_tsquery('simple', :tsQuery) OR " : ''
  const textRank = tsQuery ? "ts_rank(pd.search_vector, to_tsquery('simple', :tsQuery)) + " : ''
  const sql = `SELECT id, count(*) OVER ()::int AS total FROM (
       SELECT pd.id, ${textRank}word_similarity(:query, pd.name) AS rank
       FROM public_decks pd
       WHERE ${PUBLISHED} AND (${textMatch}pd.name % :query OR :query <% pd.name)
     ) matches
     ORDER BY rank DESC, id LIMIT :limit OFFSET :offset`
  return { sql, bindings: { query, tsQuery, limit, offset }, tsQuery }
}

export async function searchDeckIds(query: string, limit: number, offset: number) {
  const { sql, bindings, tsQuery } = searchStatement(query, limit, offset)
  const { rows } = await db.rawQuery(sql, bindings)
  return { ids: rows.map((row: { id: number }) => row.id) as number[], total: (rows[0]?.total as number | undefined) ?? (offset ? await countMatches(query, tsQuery) : 0) }
}

/* a page past the last match still tells the total */
async function countMatches(query: string, tsQuery: string | null) {
  const textMatch = tsQuery ? "pd.search_vector @@ to_tsquery('simple', :tsQuery) OR " : ''
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS total FROM public_decks pd WHERE ${PUBLISHED} AND (${textMatch}pd.name % :query OR :query <% pd.name)`,
    { query, tsQuery }
  )
  return rows[0].total as number
}

export async function searchDecks(query: string, limit: number, offset: number) {
  const { ids, total } = await searchDeckIds(query, limit, offset)
  return { decks: await decksByIds(ids), total }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Decks whose name starts with `query` (every deck without one), A to Z, then id. */
export async function alphabeticalDecks(query: string, limit: number, offset: number) {
  const filtered = () => {
    const builder = publishedDecks()
    if (query) builder.whereRaw('lower(public_decks.name) LIKE ?', [`${escapeLike(query.toLowerCase())}%`])
    return builder
  }
  const [decks, counted] = await Promise.all([
    filtered().preload('author').orderByRaw('lower(public_decks.name)').orderBy('public_decks.id').limit(limit).offset(offset),
    filtered().count('* as total'),
  ])
  return { decks, total: Number(counted[0].$extras.total) }
}
