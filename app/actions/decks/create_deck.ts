import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck, { type DeckSource } from '#models/deck'
import type User from '#models/user'
import { findEditableDeck } from '#queries/decks/find_deck'
import { findFolder } from '#queries/folders/find_folder'
import { inTransaction } from '#services/transactions'
import { nextPosition } from '#actions/decks/positions'

export interface CreateDeckInput {
  name: string
  parentId?: number | null
  folderId?: number | null
  source?: DeckSource
  state?: Deck['state']
}

/** A root deck (optionally in a folder) or a subdeck that takes its root's algorithm. */
export default class CreateDeck {
  async handle(user: User, input: CreateDeckInput, outer?: TransactionClientContract) {
    return inTransaction(outer, async (trx) => {
      const parent = input.parentId ? await findEditableDeck(user, input.parentId, trx) : null
      const folder = !parent && input.folderId ? await findFolder(user, input.folderId, trx) : null
      const deck = new Deck().useTransaction(trx)
      deck.merge({
        userId: user.id,
        name: input.name,
        parentId: parent?.id ?? null,
        rootDeckId: parent ? (parent.rootDeckId ?? parent.id) : null,
        folderId: folder?.id ?? null,
        source: input.source ?? 'manually',
        state: input.state ?? 'active',
        position: await nextPosition(trx, user.id, { table: 'decks', parentId: parent?.id ?? null }),
        algorithmPreset: parent?.algorithmPreset ?? 'general',
        algorithmType: parent?.algorithmType ?? 'spacedRepetition',
        algorithmSettings: parent?.algorithmSettings ?? {},
      })
      await deck.save()
      if (!parent) {
        deck.rootDeckId = deck.id
        await deck.save()
      }
      /* the columns the database fills with defaults */
      return deck.refresh()
    })
  }
}
