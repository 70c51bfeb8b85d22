import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type { DeckSource } from '#models/deck'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { findFolder } from '#queries/folders/find_folder'
import { inTransaction } from '#services/transactions'
import { nextPosition } from '#actions/decks/positions'
import { createDeckRow } from '#actions/decks/deck_row'

export interface CreateDeckInput {
  name: string
  parentId?: number | null
  folderId?: number | null
  source?: DeckSource
  state?: Deck['state']
}

/** A root deck (optionally in a folder) or a subdeck that takes its root's algorithm, after its siblings. */
export default class CreateDeck {
  async handle(user: User, input: CreateDeckInput, outer?: TransactionClientContract) {
    return inTransaction(outer, async (trx) => {
      const parent = input.parentId ? await findEditableDeck(user, input.parentId, trx) : null
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
