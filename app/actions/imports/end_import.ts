import type DeckImport from '#models/deck_import'
import type { ImportStatus } from '#models/deck_import'
import { removeStoredFiles } from '#services/stored_files'
import { deleteImportingDeck } from '#actions/imports/importing_deck'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/** What ending an import needs to know of it: the attempt it ends, and what it leaves behind. */
export type EndingImport = Pick<DeckImport, 'id' | 'deckId' | 'storageKey' | 'attempt'>

/**
 * The one way an import ends without its deck (cancelled, failed, abandoned):
 * only an import still in one of `from` at its attempt. The row changes, its
 * deck goes in the same commit (no poll sees an ended import whose deck is
 * still there), then the deck's media files and the upload. False when a
 * retry, a cancel or a job finishing meanwhile won.
 */
export async function endImport(
  record: EndingImport,
  from: ImportStatus[],
  changes: Record<string, unknown>,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const ended = await trx
      .from('deck_imports')
      .where('id', record.id)
      .where('attempt', record.attempt)
      .whereIn('status', from)
      /* a new attempt number: an attempt still running stops at its next checkpoint */
      .update({
        ...changes,
        attempt: record.attempt + 1,
        deck_id: null,
        storage_key: null,
        finished_at: new Date(),
        updated_at: new Date(),
      })
    if (!Number(ended)) return false
    const files = await deleteImportingDeck(trx, record.deckId)
    afterCommit(trx, () =>
      removeStoredFiles([...files, ...(record.storageKey ? [record.storageKey] : [])])
    )
    return true
  })
}

/**
 * The end of a failed import: its deck, its media and its upload go, and
 * the row says why. Only an import still at this attempt and not finished:
 * a retry, a cancel or a job finishing meanwhile wins.
 */
export async function failImport(record: EndingImport, error: { key: string; message: string }) {
  return endImport(record, ['queued', 'processing'], {
    status: 'failed',
    error_key: error.key,
    error_message: error.message.slice(0, 1000),
  })
}
