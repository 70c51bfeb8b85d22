import vine from '@vinejs/vine'

/* Query strings and bodies of the library calls, shared by the API and the pages. */

const limit = () => vine.number().withoutDecimals().range([1, 100]).optional()
const offset = () => vine.number().withoutDecimals().range([0, 100_000]).optional()

/* GET library/search?query: trimmed; an empty query is a 422 */
export const librarySearchValidator = vine.create({
  query: vine.string().trim().minLength(1).maxLength(200),
  limit: limit(),
  offset: offset(),
})

export const libraryPageValidator = vine.create({ limit: limit(), offset: offset() })

/* GET library_decks/alphabetical_search?query&limit&offset: names starting with the query, all without one */
export const alphabeticalValidator = vine.create({
  query: vine.string().trim().maxLength(100).optional(),
  limit: limit(),
  offset: offset(),
})

/* GET library_decks/{id}/notes and /cards: the note list query is trimmed too */
export const libraryNotesValidator = vine.create({
  query: vine.string().trim().maxLength(200).optional(),
  limit: limit(),
  offset: offset(),
})

export const MAX_REVIEW_LENGTH = 2000

/* POST library_decks/{id}/rate {rating, comment} */
export const rateDeckValidator = vine.create({
  rating: vine.number().withoutDecimals().range([1, 5]),
  comment: vine.string().trim().maxLength(MAX_REVIEW_LENGTH).nullable().optional(),
})
