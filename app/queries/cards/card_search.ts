import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { SHARED_WITH } from '#models/deck'
import { parseSearch, type SearchNode } from '#queries/cards/search_parser'
import { SearchSyntaxError } from '#queries/cards/search_tokens'
import { applySearch, type SearchContext } from '#queries/cards/search_sql'
import { FSRS6_DEFAULT_PARAMETERS } from '#scheduling/fsrs'

/** A parsed search, ready to be applied: the tree and the learner's day. */
export interface CardSearch {
  tree: SearchNode | null
  context: SearchContext
}

/* FSRS-6's decay (its 21st weight; FSRS-5 and older: 0.5), from the learner's own weights or the defaults */
function fsrsDecay(parameters: unknown) {
  const weights = Array.isArray(parameters) ? parameters : FSRS6_DEFAULT_PARAMETERS
  const decay = Number(weights[20] ?? 0.5)
  return decay > 0 ? decay : 0.5
}

/** The 422 a malformed search answers: where (`position`, 0-based) and what was expected there. */
function invalidSearch(error: SearchSyntaxError, field = 'search') {
  return ApiException.of('E_INVALID_SEARCH', {
    field,
    values: { position: error.position + 1, expected: error.expected },
    extra: { position: error.position, expected: error.expected },
  })
}

/** The search parsed for this learner; a malformed one is a 422 and never reaches the database. */
export function cardSearch(
  user: { id: number; timezoneOffset?: number | null; fsrsParameters?: unknown },
  query: string | undefined,
  field = 'search'
): CardSearch {
  try {
    return {
      tree: parseSearch(query ?? ''),
      context: {
        userId: user.id,
        now: new Date(),
        timezoneOffset: user.timezoneOffset ?? 0,
        fsrsDecay: fsrsDecay(user.fsrsParameters),
      },
    }
  } catch (error) {
    if (error instanceof SearchSyntaxError) throw invalidSearch(error, field)
    throw error
  }
}

/** Every deck the learner may see (their own, and the trees shared with them), by id. */
export async function accessibleDeckIds(user: { id: number }, client?: QueryClientContract) {
  const rows = await (client ?? db)
    .from('decks')
    .where((access) => access.where('decks.user_id', user.id).orWhereRaw(SHARED_WITH, [user.id]))
    .select('id')
  return rows.map((row) => row.id as number)
}

/** Where a search looks: every deck the learner may see, or one deck the caller found (with its subdecks). */
export type SearchScope = { deckIds: number[] } | { userId: number }

/**
 * The cards a search finds, as one query: cards c with their note n, deck d,
 * and this learner's progress p and removal from study s. The caller selects.
 */
export function searchedCards(search: CardSearch, scope: SearchScope) {
  const userId = search.context.userId
  const query = db
    .from('cards as c')
    .join('notes as n', 'n.id', 'c.note_id')
    .join('decks as d', 'd.id', 'c.deck_id')
    .joinRaw('left join card_progress p on p.card_id = c.id and p.user_id = ?', [userId])
    .joinRaw('left join card_suspensions s on s.card_id = c.id and s.user_id = ?', [userId])
  if ('deckIds' in scope) query.whereIn('c.deck_id', scope.deckIds)
  else
    query.where((access) =>
      access
        .where('d.user_id', scope.userId)
        .orWhereRaw(SHARED_WITH.replace('decks.', 'd.'), [scope.userId])
    )
  return applySearch(query, search.tree, search.context)
}
