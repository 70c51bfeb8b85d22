/*
| The community library in the OpenAPI document: categories, search, browse,
| a published deck's preview, ratings and reviews, public profiles and the
| featured guides. Reading needs no token; rating does. A deck that is not
| published (pending, unpublished) is a 404 on every call.
*/
import { bool, entity, error, errors, int, listOf, mapOf, nullable, num, obj, op, ref, str } from '#services/openapi/schema'

const notFound = { '404': error('Not found (or not published)') }
const invalid = { '422': errors['422'] }
const gradient = entity({ from: str(), to: str() })
const categoryFields = { key: str(), name: str(), iconUrl: str(), listIconUrl: str(), gradientColors: gradient }
const subcategory = entity({ ...categoryFields, categoryKey: str() })
const author = entity({ avatarColor: str(), avatarUrl: nullable(str()), id: int, name: nullable(str()), username: nullable(str()) })
const page = { total: int, limit: int, offset: int }
const deckList = (extra: Record<string, unknown> = {}) => entity({ decks: listOf(ref('LibraryDeck')), ...page, ...extra })
const side = entity({ html: str({ description: 'sanitized HTML of the first card' }), preview: str() })

export const librarySchemas = {
  LibraryCategory: entity({ ...categoryFields, subcategories: listOf(subcategory) }),
  LibraryDeck: entity({
    id: int, name: str(), notesCount: int, cardsCount: int, description: str(), author, seoDescription: str(), slug: str(),
    downloadsCount: int,
    category: nullable(entity({ ...categoryFields, subcategory: nullable(subcategory) })),
    isIndexable: bool, studiersCount: int, reviewsCount: int, sharingLink: str(), iconUrl: str(),
    rating: entity({ average: num, count: int, ratingBreakdown: mapOf(int) }),
    gradientColors: gradient,
  }),
  LibraryNote: entity({
    id: str({ description: 'lib_<library note id>' }), front: side, back: side, hasImage: bool, hasAudio: bool,
    label: nullable(obj({ type: str() }, ['type'])), numberOfCards: int,
  }),
  LibraryReview: entity({ id: int, rating: int, comment: nullable(str()), createdAt: str(), updatedAt: str(), author }),
  LibraryRatingStats: entity({ averageRating: num, totalRatings: int, breakdown: mapOf(int) }),
  PopularSearch: entity({ query: str(), count: int }),
}

const deckOp = (summary: string, ok: Record<string, unknown>) =>
  ({ get: op(summary, { params: ['id'], ok: [200, ok], extra: { ...notFound, ...invalid } }) })

export const libraryPaths = {
  '/library/categories': { get: op('The categories with their subcategories', { ok: [200, entity({ categories: listOf(ref('LibraryCategory')) })] }) },
  '/library/search': {
    get: op('Search published decks by name, description and note text, typo-tolerant (query: query, trimmed, not empty; limit; offset); recorded for popular searches', {
      ok: [200, deckList({ query: str() })], extra: invalid,
    }),
  },
  '/library/search/popular': { get: op('The most frequent searches of the last 30 days that found decks', { ok: [200, entity({ searches: listOf(ref('PopularSearch')) })] }) },
  '/library_decks/alphabetical_search': {
    get: op('Published decks A to Z whose name starts with query (all without one); limit, offset', { ok: [200, deckList()], extra: invalid }),
  },
  '/v2/library': {
    get: op('The library home: categories, trending (clones in the last 14 days, then learners), popular, new, popular searches', {
      ok: [200, entity({
        categories: listOf(ref('LibraryCategory')), trending: listOf(ref('LibraryDeck')), popular: listOf(ref('LibraryDeck')),
        new: listOf(ref('LibraryDeck')), popularSearches: listOf(ref('PopularSearch')),
      })],
    }),
  },
  '/v2/library/categories/{category}/{subcategory}': {
    get: op('A subcategory\'s decks, most downloaded first (limit, offset)', {
      params: ['category', 'subcategory'],
      ok: [200, deckList({ category: entity(categoryFields), subcategory })],
      extra: { ...notFound, ...invalid },
    }),
  },
  '/library_decks/{id}': deckOp('A published deck (id or slug)', ref('LibraryDeck')),
  '/library_decks/{id}/notes': deckOp('A page of the deck\'s notes (query, limit, offset)', entity({ notes: listOf(ref('LibraryNote')), ...page })),
  '/library_decks/{id}/cards': deckOp('The same as /notes: the deck\'s notes with their card counts', entity({ notes: listOf(ref('LibraryNote')), ...page })),
  '/library_decks/{id}/similar_decks': deckOp('Decks of the same subcategory, then with similar text (limit)', entity({ decks: listOf(ref('LibraryDeck')) })),
  '/library_decks/{id}/rating': deckOp('The deck\'s rating stats', ref('LibraryRatingStats')),
  '/library_decks/{id}/reviews': deckOp('Ratings with a comment, newest first (limit, offset)', entity({ reviews: listOf(ref('LibraryReview')), limit: int, offset: int })),
  '/library_decks/{id}/rate': {
    post: op('Rate a deck 1 to 5 with an optional comment (plain text, at most 2000 characters); a second call replaces the first', {
      auth: true,
      params: ['id'],
      body: obj({ rating: int, comment: nullable(str()) }, ['rating']),
      ok: [200, entity({ review: ref('LibraryReview'), rating: ref('LibraryRatingStats') })],
      extra: { ...notFound, '403': error('The author cannot rate their own deck') },
    }),
  },
  '/users/public_profile/{id}': {
    get: op('A user\'s public profile (id or username) with their published decks', {
      params: ['id'],
      ok: [200, entity({
        id: int, avatarColor: str(), avatarUrl: nullable(str()), name: nullable(str()), username: nullable(str()),
        ratingStats: entity({ averageRating: num, totalRatings: int }), totalStudiers: int,
        publishedDecks: listOf(ref('LibraryDeck')), about: nullable(str()), socialLinks: mapOf(str()),
      })],
      extra: notFound,
    }),
  },
  '/guides/featured': { get: op('The featured guides', { ok: [200, entity({ guides: listOf(entity({ id: str(), title: str(), url: str() })) })] }) },
}
