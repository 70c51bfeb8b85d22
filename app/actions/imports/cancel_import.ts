import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import type DeckImport from '#models/deck_import'
import type { ImportStatus } from '#models/deck_import'
import { findImport } from '#queries/imports/find_import'
import { endImport } from '#actions/imports/end_import'

/**
 * Cancels the user's import. One not running (queued, failed) ends at once:
 * its deck and its upload go. A running one is asked to stop: one statement
 * marks it (it waits for none of the job's locks, so the answer comes at
 * once, the import shown `cancelled`), and its job rolls everything back at
 * its next batch and ends it `cancelled` (run_import.ts). A finished import
 * cannot be cancelled; a cancelled one answers as it is.
 */
export async function cancelImport(user: User, input: { id: unknown }) {
  const record = await findImport(user, input.id)
  if (record.status === 'done') throw ApiException.of('E_IMPORT_FINISHED')
  if (record.status === 'cancelled' || record.cancelRequestedAt) return record
  /* not running: ended here; a job that started meanwhile is asked instead */
  if (
    record.status === 'processing' ||
    !(await endImport(record, ['queued', 'failed'], { status: 'cancelled' }))
  )
    await requestCancel(record)
  await record.refresh()
  /* a job that finished first: too late to cancel */
  if ((record.status as ImportStatus) === 'done') throw ApiException.of('E_IMPORT_FINISHED')
  return record
}

/*
 * the running attempt's request to stop: a single update of the import's row, which the job never holds locked
 * while it works
 */
async function requestCancel(record: DeckImport) {
  await db
    .from('deck_imports')
    .where('id', record.id)
    .where('status', 'processing')
    .whereNull('cancel_requested_at')
    .update({ cancel_requested_at: new Date(), updated_at: new Date() })
}
