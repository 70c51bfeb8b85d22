import db from '@adonisjs/lucid/services/db'
import PublicDeck from '#models/public_deck'
import ApiException from '#exceptions/api_exception'
import { categoryTree, placementsOf, type Placement } from '#queries/library/categories'

/*
 * Every read of the library starts from the `published` scope: pending, rejected-only and unpublished decks
 * are 404s.
 */
export const publishedDecks = () => PublicDeck.query().withScopes((scopes) => scopes.published())

export type LibraryDeckView = {
  deck: PublicDeck
  placement: Placement | null
  /** counts of ratings 1 to 5, at index 0 to 4 */
  breakdown: number[]
  reviewsCount: number
}

/** A published deck by id (digits) or slug, with its author; anything else is a 404. */
export async function findPublicDeck(idOrSlug: string | number) {
  const key = String(idOrSlug)
  const query = publishedDecks().preload('author')
  if (/^\d{1,9}$/.test(key)) query.where('public_decks.id', Number(key))
  else if (key.length <= 120) query.where('public_decks.slug', key)
  else throw ApiException.notFound()
  const deck = await query.first()
  if (!deck) throw ApiException.notFound()
  return deck
}

/** Rating breakdowns and review counts of some decks, in one read. */
async function ratingFigures(ids: number[]) {
  const figures = new Map<number, { breakdown: number[]; reviewsCount: number }>()
  for (const id of ids) figures.set(id, { breakdown: [0, 0, 0, 0, 0], reviewsCount: 0 })
  if (!ids.length) return figures
  const rows = await db
    .from('library_ratings')
    .whereIn('public_deck_id', ids)
    .groupBy('public_deck_id', 'rating')
    .select('public_deck_id', 'rating')
    .select(
      db.raw('count(*)::int AS n'),
      db.raw('count(*) FILTER (WHERE comment IS NOT NULL)::int AS reviews')
    )
  for (const row of rows) {
    const entry = figures.get(row.public_deck_id)!
    entry.breakdown[row.rating - 1] = row.n
    entry.reviewsCount += row.reviews
  }
  return figures
}

/**
 * What the transformer needs to show decks (loaded with their `author`): categories and rating figures, in the
 * list's order.
 */
export async function presentDecks(decks: PublicDeck[]): Promise<LibraryDeckView[]> {
  const [placements, figures] = await Promise.all([
    categoryTree().then(placementsOf),
    ratingFigures(decks.map((deck) => deck.id)),
  ])
  return decks.map((deck) => ({
    deck,
    placement: deck.categoryId ? (placements.get(deck.categoryId) ?? null) : null,
    ...figures.get(deck.id)!,
  }))
}

/** Published decks by id, in the order of `ids` (ids no longer published are left out). */
export async function decksByIds(ids: number[]) {
  if (!ids.length) return []
  const rows = await publishedDecks().whereIn('public_decks.id', ids).preload('author')
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => byId.get(id)).filter((deck): deck is PublicDeck => !!deck)
}
