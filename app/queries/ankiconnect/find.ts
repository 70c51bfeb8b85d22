import { cardSearch, searchedCards } from '#queries/cards/card_search'
import { ankiError } from '#services/ankiconnect'
import ApiException from '#exceptions/api_exception'

/*
 * findNotes, findCards and guiBrowse: the card browser's search language
 * (app/queries/cards/card_search.ts, Anki's), over every deck the learner
 * sees; a search it refuses is refused in AnkiConnect's shape, with where.
 */

function parsed(user: { id: number; timezoneOffset?: number | null }, query: unknown) {
  if (typeof query !== 'string') throw ankiError('query must be a string')
  try {
    return cardSearch(user, query, 'query')
  } catch (error) {
    if (error instanceof ApiException && error.code === 'E_INVALID_SEARCH') {
      const { position, expected } = error.options.extra ?? {}
      throw ankiError(`invalid search at character ${Number(position) + 1}: expected ${expected}`)
    }
    throw error
  }
}

/** The ids of the cards the search finds, oldest first. */
export async function findCardIds(
  user: { id: number; timezoneOffset?: number | null },
  query: unknown
) {
  const search = parsed(user, query)
  const rows = await searchedCards(search, { userId: user.id }).select('c.id').orderBy('c.id')
  return rows.map((row) => row.id as number)
}

/** The ids of the notes with a card the search finds, oldest first. */
export async function findNoteIds(
  user: { id: number; timezoneOffset?: number | null },
  query: unknown
) {
  const search = parsed(user, query)
  const rows = await searchedCards(search, { userId: user.id }).distinct('n.id').orderBy('n.id')
  return rows.map((row) => row.id as number)
}
