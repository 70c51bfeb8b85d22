import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { findImport } from '#queries/imports/find_import'
import { endImport } from '#actions/imports/end_import'

/**
 * Stops the user's import (a running attempt stops at its next batch) and
 * removes its deck and its upload. A finished import cannot be cancelled; a
 * cancelled one answers as it is.
 */
export async function cancelImport(user: User, id: unknown) {
  const record = await findImport(user, id)
  if (record.status === 'done') throw new ApiException(409, 'E_IMPORT_FINISHED', 'import_finished')
  if (record.status === 'cancelled') return record
  await endImport(record, ['queued', 'processing', 'failed'], { status: 'cancelled' })
  await record.refresh()
  return record
}
