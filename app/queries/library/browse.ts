import db from '@adonisjs/lucid/services/db'
import type PublicDeck from '#models/public_deck'
import type LibraryCategory from '#models/library_category'
import { decksByIds, publishedDecks } from '#queries/library/library_decks'
import { wordsTsQuery } from '#queries/library/search_decks'

/** Trending: the decks cloned most in the last 14 days, then the most studied. */
const TRENDING_DAYS = 14

export async function trendingDecks(limit: number) {
  const { rows } = await db.rawQuery(
    `SELECT pd.id FROM public_decks pd
     LEFT JOIN (SELECT public_deck_id, count(*) AS clones FROM library_clones
                WHERE created_at > now() - make_interval(days => :days) GROUP BY public_deck_id) recent ON
                  recent.public_deck_id = pd.id
     WHERE pd.status = 'approved' AND pd.current_revision_id IS NOT NULL AND pd.unpublished_at IS NULL
       AND (recent.clones > 0 OR pd.studiers_count > 0)
     ORDER BY coalesce(recent.clones, 0) DESC, pd.studiers_count DESC, pd.id LIMIT :limit`,
    { days: TRENDING_DAYS, limit }
  )
  return decksByIds(rows.map((row: { id: number }) => row.id))
}

export function popularDecks(limit: number) {
  return publishedDecks()
    .preload('author')
    .orderBy('downloads_count', 'desc')
    .orderBy('public_decks.id')
    .limit(limit)
}

export function newDecks(limit: number) {
  return publishedDecks()
    .preload('author')
    .orderByRaw('approved_at DESC NULLS LAST')
    .orderBy('public_decks.id')
    .limit(limit)
}

/** A subcategory's decks, most downloaded first, and how many it has. */
export async function subcategoryDecks(
  subcategory: LibraryCategory,
  limit: number,
  offset: number
) {
  const [decks, counted] = await Promise.all([
    publishedDecks()
      .where('category_id', subcategory.id)
      .preload('author')
      .orderBy('downloads_count', 'desc')
      .orderBy('public_decks.id')
      .limit(limit)
      .offset(offset),
    publishedDecks().where('category_id', subcategory.id).count('* as total'),
  ])
  return { decks, total: Number(counted[0].$extras.total) }
}

/** Decks like this one: its subcategory's first (most downloaded), then decks whose text matches its name. */
export async function similarDecks(deck: PublicDeck, limit: number) {
  const same = deck.categoryId
    ? await publishedDecks()
        .where('category_id', deck.categoryId)
        .whereNot('public_decks.id', deck.id)
        .orderBy('downloads_count', 'desc')
        .orderBy('public_decks.id')
        .limit(limit)
        .select('public_decks.id')
    : []
  const ids = same.map((row) => row.id)
  const tsQuery = wordsTsQuery(deck.name)?.replaceAll(' & ', ' | ')
  if (ids.length < limit && tsQuery) {
    const { rows } = await db.rawQuery(
      `SELECT pd.id FROM public_decks pd
       WHERE pd.status = 'approved' AND pd.current_revision_id IS NOT NULL AND pd.unpublished_at IS NULL
         AND pd.id <> :id AND NOT (pd.id = ANY(:ids::int[])) AND pd.search_vector @@ to_tsquery('simple', :tsQuery)
       ORDER BY ts_rank(pd.title_vector, to_tsquery('simple', :tsQuery)) DESC, pd.id LIMIT :limit`,
      { id: deck.id, ids, tsQuery, limit: limit - ids.length }
    )
    ids.push(...rows.map((row: { id: number }) => row.id))
  }
  return decksByIds(ids)
}

/*
 * A search is shown to everyone only once this many signed-in learners made
 * it: one learner's query (a typo, a name) is theirs, not the library's.
 * Searches by visitors who are not signed in count for none (they cannot be
 * told apart).
 */
const POPULAR_SEARCH_MIN_LEARNERS = 3

/** A search and how many learners made it. */
export type PopularSearch = { query: string; count: number }

/** Searches many learners made in the last 30 days that found something, by how many made them. */
export async function popularSearches(limit = 10) {
  const { rows } = await db.rawQuery(
    `SELECT query, count(DISTINCT user_id)::int AS count FROM library_searches
     WHERE created_at > now() - interval '30 days' AND results_count > 0 AND user_id IS NOT NULL
     GROUP BY query HAVING count(DISTINCT user_id) >= :least
     ORDER BY count(DISTINCT user_id) DESC, query LIMIT :limit`,
    { limit, least: POPULAR_SEARCH_MIN_LEARNERS }
  )
  return rows as PopularSearch[]
}
