import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { createDeck } from '#actions/decks/create_deck'
import { deleteDeckRows } from '#actions/decks/delete_deck'
import type { DeckSource } from '#models/deck'
import type User from '#models/user'
import type { BundleFormat } from '#importers/bundle'

/*
 * The deck an import fills: made with the import (and again by a retry) in
 * `notes_importing`, its counters moving while the job writes it, and
 * removed with everything in it when the import ends without it.
 */

const SOURCE: Record<BundleFormat, DeckSource> = {
  apkg: 'imported_anki',
  colpkg: 'imported_anki',
  ofc: 'imported_ofc',
  csv: 'imported_csv',
  text: 'imported_csv',
}

/** The deck's name until the file names a better one: the file's name without its extension. */
export const deckNameOf = (fileName: string) =>
  fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .trim()
    .slice(0, 255) || 'Imported deck'

export async function createImportingDeck(
  user: User,
  input: { fileName: string; format: BundleFormat; folderId: number | null },
  trx: TransactionClientContract
) {
  const deck = await createDeck(
    user,
    {
      name: deckNameOf(input.fileName),
      folder_id: input.folderId,
      source: SOURCE[input.format],
      state: 'notes_importing',
    },
    { trx }
  )
  deck.processing = { total: 0, processed: 0, previousState: 'active' }
  await deck.useTransaction(trx).save()
  return deck
}

/**
 * The import's deck rows, in the caller's transaction; answers the keys of the files they named (removed after
 * the commit).
 */
export async function deleteImportingDeck(trx: TransactionClientContract, deckId: number | null) {
  const deck = deckId
    ? await trx.from('decks').where('id', deckId).select('id', 'user_id').first()
    : null
  return deck ? deleteDeckRows(trx, { id: deck.id, userId: deck.user_id }) : []
}
