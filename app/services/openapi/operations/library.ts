/* library */
import type { Operations } from '#services/openapi/operation'
import {
  alphabeticalValidator,
  libraryNotesValidator,
  libraryPageValidator,
  librarySearchValidator,
  rateDeckValidator,
} from '#validators/library'

export const libraryOperations: Operations = {
  'GET /library/categories': {
    summary: 'The categories with their subcategories',
    ok: { 200: 'LibraryCategories' },
  },
  'GET /library/search/popular': {
    summary: 'The most frequent searches of the last 30 days that found decks',
    ok: { 200: 'PopularSearches' },
  },
  'GET /library/search': {
    summary: 'Search published decks by name, description and note text, typo-tolerant',
    description:
      'Search published decks by name, description and note text, typo-tolerant (query: query, trimmed, ' +
      'not empty; limit; offset); recorded for popular searches',
    query: librarySearchValidator,
    ok: { 200: 'LibrarySearch' },
  },
  'GET /v2/library': {
    summary: 'The library home',
    description:
      'The library home: categories, trending (clones in the last 14 days, then learners), popular, ' +
      'new, popular searches',
    ok: { 200: 'LibraryHome' },
  },
  'GET /v2/library/categories/{category}/{subcategory}': {
    summary: "A subcategory's decks, most downloaded first (limit, offset)",
    query: libraryPageValidator,
    ok: { 200: 'LibrarySubcategory' },
    errors: [404],
  },
  'GET /library_decks/alphabetical_search': {
    summary: 'Published decks A to Z whose name starts with query (all without one); limit, offset',
    query: alphabeticalValidator,
    ok: { 200: 'LibraryDeckPage' },
  },
  'GET /library_decks/{id}': {
    summary: 'A published deck (id or slug)',
    ok: { 200: 'LibraryDeck' },
    errors: [404],
  },
  'GET /library_decks/{id}/notes': {
    summary: "A page of the deck's notes",
    description: "A page of the deck's notes (query, limit, offset)",
    query: libraryNotesValidator,
    ok: { 200: 'LibraryNotes' },
    errors: [404],
  },
  'GET /library_decks/{id}/cards': {
    summary: "A page of the deck's cards",
    description:
      "A page of the deck's cards (query, limit, offset): each note's cards in order (a cloze note with " +
      'c1..c3 is three cards); `offset`, `limit` and `total` count cards',
    query: libraryNotesValidator,
    ok: { 200: 'LibraryCards' },
    errors: [404],
  },
  'GET /library_decks/{id}/similar_decks': {
    summary: 'Decks of the same subcategory, then with similar text (limit)',
    query: libraryPageValidator,
    ok: { 200: 'SimilarDecks' },
    errors: [404],
  },
  'GET /library_decks/{id}/rating': {
    summary: "The deck's rating stats",
    ok: { 200: 'RatingStats' },
    errors: [404],
  },
  'GET /library_decks/{id}/reviews': {
    summary: 'Ratings with a comment, newest first (limit, offset)',
    query: libraryPageValidator,
    ok: { 200: 'Reviews' },
    errors: [404],
  },
  'POST /library_decks/{id}/rate': {
    summary: 'Rate a deck 1 to 5 with an optional comment (plain text, at most 2000 characters)',
    description:
      'Rate a deck 1 to 5 with an optional comment (plain text, at most 2000 characters); a second call ' +
      'replaces the first',
    body: rateDeckValidator,
    ok: { 200: 'RatingSaved' },
    errors: [403, 404],
  },
  'GET /users/public_profile/{id}': {
    summary: "A user's public profile (id or username) with their published decks",
    ok: { 200: 'PublicProfile' },
    errors: [404],
  },
  'GET /guides/featured': {
    summary: 'The featured guides',
    ok: { 200: 'Guides' },
  },
}
