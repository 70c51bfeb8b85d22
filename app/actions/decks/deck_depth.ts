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
export const FLATTENED_NAME_SEPARATOR = '::'

/* a guard against a parent chain that loops (none should): no walk goes further */
const WALK_LIMIT = 100_000

/** The level of a deck: 1 for a root deck, its parent's level + 1 for a subdeck. */
export async function levelOf(deckId: number, trx: TransactionClientContract): Promise<number> {
  const result = await trx.rawQuery(
    `with recursive up as (
       select parent_id, 1 as level from decks where id = ?
       union all
       select d.parent_id, up.level + 1 from decks d join up on d.id = up.parent_id where up.level < ?
     ) select max(level) as level from up`,
    [deckId, WALK_LIMIT]
  )
  return Number(result.rows[0]?.level ?? 1)
}

/** The levels a deck's subtree spans: 1 for a deck without subdecks. */
export async function heightOf(deckId: number, trx: TransactionClientContract): Promise<number> {
  const result = await trx.rawQuery(
    `with recursive down as (
       select id, 1 as level from decks where id = ?
       union all
       select d.id, down.level + 1 from decks d join down on d.parent_id = down.id where down.level < ?
     ) select max(level) as level from down`,
    [deckId, WALK_LIMIT]
  )
  return Number(result.rows[0]?.level ?? 1)
}

/**
 * Refuses to hang a tree of `height` levels under `parentId` when its lowest
 * deck would be below the limit: 422 E_DECK_TOO_DEEP, naming `field` (the
 * request's parent field) for the API.
 */
export async function assertFitsUnder(parentId: number, height: number, field: string, trx: TransactionClientContract) {
  if ((await levelOf(parentId, trx)) + height > MAX_DECK_DEPTH) {
    throw new ApiException(422, 'E_DECK_TOO_DEEP', 'deck_too_deep', { apiField: field, values: { max: MAX_DECK_DEPTH }, hasBody: true })
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
  return { path: [...path.slice(0, room - 1), path.slice(room - 1).join(FLATTENED_NAME_SEPARATOR)], flattened: true }
}
