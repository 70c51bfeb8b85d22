import DeckImport from '#models/deck_import'
import type User from '#models/user'
import type { BundleFormat } from '#importers/bundle'
import { queueJob } from '#services/durable_jobs'
import { createImportingDeck } from '#actions/imports/importing_deck'
import { assertRoomFor } from '#actions/jobs/work_limits'
import { withTransaction, type ActionOptions } from '#actions/action'

export interface StartImportInput {
  fileName: string
  format: BundleFormat
  size: number
  /** the upload, already on the drive */
  storageKey: string
  folderId?: number | null
  /** what the reader takes besides the file (a text import's separators) */
  options?: Record<string, unknown>
}

/*
 * An import: the upload lands on the drive, a deck appears in
 * `notes_importing`, and a job (run_import.ts) reads the file and writes the
 * deck in one transaction, its counters moving as it goes. A finished import
 * keeps nothing it no longer needs (end_import.ts).
 */

/** After the upload: the deck the import fills and its row, then the job (once both are committed). */
export async function startImport(
  user: User,
  input: StartImportInput,
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    /* the learner's imports waiting or running, counted under their lock (work_limits.ts) */
    await assertRoomFor(user, 'import', trx)
    const folderId = input.folderId ?? null
    const deck = await createImportingDeck(
      user,
      { fileName: input.fileName, format: input.format, folderId },
      trx
    )
    const record = await DeckImport.create(
      {
        userId: user.id,
        deckId: deck.id,
        folderId,
        fileName: input.fileName.slice(0, 255),
        format: input.format,
        size: input.size,
        storageKey: input.storageKey,
        status: 'queued',
        counts: {},
        warnings: [],
        options: input.options ?? {},
        attempt: 1,
      },
      { client: trx }
    )
    await queueJob(trx, 'import_deck', { importId: record.id, attempt: 1 }, user.id)
    return record
  })
}
