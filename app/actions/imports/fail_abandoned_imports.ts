import DeckImport from '#models/deck_import'
import { endImport, failImport } from '#actions/imports/end_import'

/**
 * Imports queued or processing that moved not once since `before`: their
 * job is lost (its worker gone), so the storage sweep fails them as any
 * other failed import. Answers the ones it failed.
 */
export async function failAbandonedImports(input: { before: Date }) {
  const { before } = input
  const stale = await DeckImport.query()
    .whereIn('status', ['queued', 'processing'])
    .where('updated_at', '<', before)
  const failed: DeckImport[] = []
  for (const record of stale) {
    /* the learner asked to cancel it: it ends as they asked */
    if (record.cancelRequestedAt) await endImport(record, ['processing'], { status: 'cancelled' })
    else if (
      await failImport(record, {
        key: 'import_failed',
        message: 'abandoned: no progress since ' + record.updatedAt.toISO(),
      })
    )
      failed.push(record)
  }
  return failed
}
