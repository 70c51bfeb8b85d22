import type { Infer } from '@vinejs/vine/types'
import type { createDeckValidator } from '#validators/content'
import type Deck from '#models/deck'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { findFolder } from '#queries/folders/find_folder'
import { withTransaction, type ActionOptions } from '#actions/action'
import { nextPosition } from '#actions/decks/positions'
import { createDeckRow } from '#actions/decks/deck_row'
import { assertFitsUnder } from '#actions/decks/deck_depth'

/** The validated `deck` body; the server's own callers may also make it in another state (an import's deck). */
export type CreateDeckInput = Infer<typeof createDeckValidator>['deck'] & { state?: Deck['state'] }

/**
 * A root deck (optionally in a folder) or a subdeck that takes its root's algorithm, after its siblings,
 * within the depth limit (deck_depth.ts).
 * `parentField` names the request field of the parent in a 422 (the API's create names `deck.parent_id`).
 */
export async function createDeck(
  user: User,
  input: CreateDeckInput,
  options: ActionOptions & { parentField?: string } = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const parent = input.parent_id ? await findEditableDeck(user, input.parent_id, trx) : null
    if (parent) await assertFitsUnder(parent.id, 1, options.parentField ?? 'deck.parent_id', trx)
    const folder = !parent && input.folder_id ? await findFolder(user, input.folder_id, trx) : null
    const deck = await createDeckRow(
      {
        userId: user.id,
        parent,
        folderId: folder?.id ?? null,
        name: input.name,
        source: input.source,
        state: input.state,
        position: await nextPosition(trx, parent?.userId ?? user.id, {
          table: 'decks',
          parentId: parent?.id ?? null,
        }),
      },
      trx
    )
    /* the columns the database fills with defaults */
    return deck.refresh()
  })
}
