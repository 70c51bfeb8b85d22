import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'

/**
 * How deep a deck tree goes: a root deck is level 1, its subdecks level 2,
 * and no deck is below level 20. Anki sets no limit; every answer carries a
 * tree whole, so an unbounded one (a package of 1,000 nested decks) would
 * cost every request that shows it. One rule for every door: creating a
 * subdeck, moving a deck under another, duplicating into a deck (a 422
 * E_DECK_TOO_DEEP naming the parent field), and the imports and library
 * clones, which place what lies deeper at the limit (flattenedPath).
 */
export const MAX_DECK_DEPTH = 20

/** What a flattened deck's name joins its levels below the limit with (Anki's own separator). */
const FLATTENED_NAME_SEPARATOR = '::'

/* a guard against a parent chain that loops (none should): no walk goes further */
const WALK_LIMIT = 100_000

/* how many levels a walk from one deck spans: up its parents, or down its subdecks */
async function levelsFrom(
  deckId: number,
  direction: 'up' | 'down',
  trx: TransactionClientContract
): Promise<number> {
  const step = direction === 'up' ? 'd.id = walk.parent_id' : 'd.parent_id = walk.id'
  const result = await trx.rawQuery(
    `with recursive walk as (
       select id, parent_id, 1 as level from decks where id = ?
       union all
       select d.id, d.parent_id, walk.level + 1 from decks d join walk on ${step} where walk.level < ?
     ) select max(level) as level from walk`,
    [deckId, WALK_LIMIT]
  )
  return Number(result.rows[0]?.level ?? 1)
}

/** The level of a deck: 1 for a root deck, its parent's level + 1 for a subdeck. */
const levelOf = (deckId: number, trx: TransactionClientContract) => levelsFrom(deckId, 'up', trx)

/** The levels a deck's subtree spans: 1 for a deck without subdecks. */
export const heightOf = (deckId: number, trx: TransactionClientContract) =>
  levelsFrom(deckId, 'down', trx)

/**
 * Refuses to hang a tree of `height` levels under `parentId` when its lowest
 * deck would be below the limit: 422 E_DECK_TOO_DEEP, naming `field` (the
 * request's parent field) for the API.
 */
export async function assertFitsUnder(
  parentId: number,
  height: number,
  field: string,
  trx: TransactionClientContract
) {
  if ((await levelOf(parentId, trx)) + height > MAX_DECK_DEPTH) {
    throw ApiException.of('E_DECK_TOO_DEEP', { apiField: field, values: { max: MAX_DECK_DEPTH } })
  }
}

/**
 * Where a deck at the end of `path` (its names from the level below the
 * tree's root down, so the root is level 1 and `path[i]` level i + 2) goes
 * within the limit: a path that reaches below it keeps its first levels and
 * joins the rest into one deck at the limit's level, "T::U::V" beside "T",
 * so every deck keeps its own notes and its name says where it was. Paths
 * within the limit come back as they are.
 */
export function flattenedPath(path: string[]): { path: string[]; flattened: boolean } {
  const room = MAX_DECK_DEPTH - 1
  if (path.length <= room) return { path, flattened: false }
  return {
    path: [...path.slice(0, room - 1), path.slice(room - 1).join(FLATTENED_NAME_SEPARATOR)],
    flattened: true,
  }
}
