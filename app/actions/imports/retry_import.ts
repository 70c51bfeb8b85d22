import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { findImport } from '#queries/imports/find_import'
import { queueJob } from '#services/durable_jobs'
import { removeStoredFiles } from '#services/stored_files'
import { createImportingDeck, deleteImportingDeck } from '#actions/imports/importing_deck'
import { assertRoomFor, takeHourly } from '#actions/jobs/work_limits'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/**
 * Starts the user's import again with the same upload: the running attempt
 * is left behind (a new attempt number stops it at its next batch), its
 * deck goes, a new empty deck takes its place. A failed import's upload was
 * removed with it: the file has to come again.
 */
export async function retryImport(user: User, input: { id: unknown }, options: ActionOptions = {}) {
  const record = await findImport(user, input.id)
  if (record.status === 'done') throw ApiException.of('E_IMPORT_FINISHED')
  if (record.status === 'cancelled' || record.cancelRequestedAt)
    throw ApiException.of('E_IMPORT_CANCELLED')
  if (!record.storageKey) throw ApiException.of('E_IMPORT_FILE_GONE')
  await takeHourly(user, 'import')
  if (record.deckId) {
    await withTransaction(options.trx, async (trx) => {
      const files = await deleteImportingDeck(trx, record.deckId)
      afterCommit(trx, () => removeStoredFiles(files))
    })
  }
  return withTransaction(options.trx, async (trx) => {
    /* this import, queued or processing, is counted already */
    await assertRoomFor(user, 'import', trx, record.id)
    const deck = await createImportingDeck(
      user,
      { fileName: record.fileName, format: record.format, folderId: record.folderId },
      trx
    )
    const attempt = record.attempt + 1
    record.useTransaction(trx).merge({
      deckId: deck.id,
      status: 'queued',
      attempt,
      errorKey: null,
      errorMessage: null,
      counts: {},
      warnings: [],
      finishedAt: null,
    })
    await record.save()
    await queueJob(trx, 'import_deck', { importId: record.id, attempt }, user.id)
    return record
  })
}
