import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type { DeckSource } from '#models/deck'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { findFolder } from '#queries/folders/find_folder'
import { inTransaction } from '#services/transactions'
import { nextPosition } from '#actions/decks/positions'
import { createDeckRow } from '#actions/decks/deck_row'
import { assertFitsUnder } from '#actions/decks/deck_depth'

export interface CreateDeckInput {
  name: string
  parentId?: number | null
  folderId?: number | null
  source?: DeckSource
  state?: Deck['state']
  /** the request field that names the parent, for a 422 (the API's create names `deck.parent_id`) */
  parentField?: string
}

/** A root deck (optionally in a folder) or a subdeck that takes its root's algorithm, after its siblings, within the depth limit (deck_depth.ts). */
export default class CreateDeck {
  async handle(user: User, input: CreateDeckInput, outer?: TransactionClientContract) {
    return inTransaction(outer, async (trx) => {
      const parent = input.parentId ? await findEditableDeck(user, input.parentId, trx) : null
      if (parent) await assertFitsUnder(parent.id, 1, input.parentField ?? 'deck.parent_id', trx)
      const folder = !parent && input.folderId ? await findFolder(user, input.folderId, trx) : null
      const deck = await createDeckRow(
        {
          userId: user.id,
          parent,
          folderId: folder?.id ?? null,
          name: input.name,
          source: input.source,
          state: input.state,
          position: await nextPosition(trx, parent?.userId ?? user.id, { table: 'decks', parentId: parent?.id ?? null }),
        },
        trx
      )
      /* the columns the database fills with defaults */
      return deck.refresh()
    })
  }
}
