import db from '@adonisjs/lucid/services/db'
import { decksByIds, publishedDecks } from '#queries/library/library_decks'

const PUBLISHED =
  "pd.status = 'approved' AND pd.current_revision_id IS NOT NULL AND pd.unpublished_at IS NULL"

/*
 * The words of a query as a tsquery of whole words ('spanish verbs' →
 * 'spanish & verbs'); null when it has none. No prefix terms: PostgreSQL's
 * planner does not use the GIN index for a prefix (`:*`) term on a large
 * index, and a seq scan detoasts every deck's vector (160 ms at 10,000 decks).
 */
export function wordsTsQuery(query: string) {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const terms = [...new Set(words)].slice(0, 8).map((word) => word.slice(0, 40))
  return terms.length ? terms.join(' & ') : null
}

/** At most this many matches of each kind are ranked (and counted): a word in every deck stays fast. */
const MAX_CANDIDATES = 500

/** Fewer full-text matches than this, and names close in trigrams join them (the query may be misspelled). */
const FEW_TEXT_MATCHES = 10

/*
 * Ranked full-text search over name (A), description (B) and note text (C)
 * (public_decks.search_vector, GIN); with `typos`, also the decks whose name
 * is close in trigrams to the query (pg_trgm, GIN on name): `%` for a name
 * about as long as the query, `<%` for a query close to a part of a longer
 * name ("spansh verbs" finds "Spanish verbs"). Each kind is one index scan;
 * the candidates are ranked by how name and description match (title_vector)
 * plus how close the name is, then id.
 */
export function searchStatement(query: string, limit: number, offset: number, typos: boolean) {
  const tsQuery = wordsTsQuery(query)
  const arms = [
    ...(tsQuery
      ? [
          `(SELECT pd.id FROM public_decks pd WHERE ${PUBLISHED} AND pd.search_vector @@ to_tsquery('simple', ` +
            `:tsQuery) LIMIT :cap)`,
        ]
      : []),
    ...(typos || !tsQuery
      ? [
          `(SELECT pd.id FROM public_decks pd WHERE ${PUBLISHED} AND (pd.name % :query OR :query <% pd.name) ` +
            `LIMIT :cap)`,
        ]
      : []),
  ]
  /*
   * a match in the notes ranks by the name's closeness alone (reading search_vector here would detoast every
   * candidate's notes)
   */
  const textRank = tsQuery ? "ts_rank(pd.title_vector, to_tsquery('simple', :tsQuery)) + " : ''
  const sql = `WITH candidates AS (${arms.join(' UNION ')})
     SELECT pd.id, count(*) OVER ()::int AS total FROM candidates JOIN public_decks pd ON pd.id = candidates.id
     ORDER BY ${textRank}word_similarity(:query, pd.name) DESC, pd.id LIMIT :limit OFFSET :offset`
  return { sql, bindings: { query, tsQuery, limit, offset, cap: MAX_CANDIDATES } }
}

/* the full-text matches, counted up to FEW_TEXT_MATCHES: decides whether the trigram arm is needed */
async function fewTextMatches(query: string) {
  const tsQuery = wordsTsQuery(query)
  if (!tsQuery) return true
  const { rows } = await db.rawQuery(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM public_decks pd WHERE ${PUBLISHED} AND pd.search_vector @@ ` +
      `to_tsquery('simple', ?) LIMIT ?) hits`,
    [tsQuery, FEW_TEXT_MATCHES]
  )
  return rows[0].n < FEW_TEXT_MATCHES
}

async function searchDeckIds(query: string, limit: number, offset: number) {
  const typos = await fewTextMatches(query)
  const page = async (pageLimit: number, pageOffset: number) => {
    const { sql, bindings } = searchStatement(query, pageLimit, pageOffset, typos)
    const result = await db.rawQuery(sql, bindings)
    return result.rows as { id: number; total: number }[]
  }
  const rows = await page(limit, offset)
  /* a page past the last match still tells the total */
  const [first] = rows.length || !offset ? [] : await page(1, 0)
  const total = rows[0]?.total ?? first?.total ?? 0
  return { ids: rows.map((row) => row.id), total }
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
    if (query)
      builder.whereRaw('lower(public_decks.name) LIKE ?', [`${escapeLike(query.toLowerCase())}%`])
    return builder
  }
  const [decks, counted] = await Promise.all([
    filtered()
      .preload('author')
      .orderByRaw('lower(public_decks.name)')
      .orderBy('public_decks.id')
      .limit(limit)
      .offset(offset),
    filtered().count('* as total'),
  ])
  return { decks, total: Number(counted[0].$extras.total) }
}
