import { mkdir, rm } from 'node:fs/promises'
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { UnrecoverableError, type Job } from 'bullmq'
import DeckImport from '#models/deck_import'
import User from '#models/user'
import { openImport } from '#importers/read_import'
import { ImportError } from '#importers/bundle'
import type { BundleSource } from '#importers/bundle_source'
import type { JobPayload } from '#services/queue'
import { removeStoredFiles } from '#services/stored_files'
import { textImportMaxRows } from '#importers/limits'
import { endImport, failImport } from '#actions/imports/end_import'
import { deckNameOf } from '#actions/imports/importing_deck'
import { Cancelled, writeImport, type RunningImport } from '#actions/imports/write_import'

/**
 * The `import_deck` job: reads the upload and writes the deck in one
 * transaction (write_import.ts), a batch of notes at a time. A file the readers refuse fails at once
 * with the reader's message; any other failure is retried, and after the
 * last attempt the import fails (end_import.ts). An attempt that is no
 * longer the import's current one (retried, cancelled while queued) stops
 * and leaves the row to whoever moved it on; one asked to cancel
 * (cancel_import.ts) rolls back and ends the import `cancelled`.
 */
export async function runImport(payload: JobPayload<'import_deck'>, job: Job) {
  const record = await DeckImport.find(payload.importId)
  if (
    !record ||
    record.attempt !== payload.attempt ||
    record.isFinished ||
    !record.deckId ||
    !record.storageKey
  )
    return
  const running: RunningImport = {
    id: record.id,
    attempt: payload.attempt,
    deckId: record.deckId,
    storageKey: record.storageKey,
  }
  /* only the current attempt: a cancel or a retry that came first keeps the row as it left it */
  const started = await db
    .from('deck_imports')
    .where('id', record.id)
    .where('attempt', payload.attempt)
    .whereIn('status', ['queued', 'processing'])
    .update({ status: 'processing', updated_at: new Date() })
  if (!Number(started)) return
  const workDir = app.tmpPath('imports', `${record.id}-${payload.attempt}-${job.attemptsMade}`)
  const storedKeys: string[] = []
  let source: BundleSource | null = null
  try {
    const user = await User.findOrFail(record.userId)
    source = await openUpload(record, running.storageKey, workDir, {
      maxRows: textImportMaxRows(user.hasPremium),
      timezoneOffsetMinutes: user.timezoneOffset ?? 0,
    })
    await writeImport(user, { running, source, storedKeys })
    /* committed: the media stored are the deck's now */
    storedKeys.splice(0)
    await db.from('deck_imports').where('id', record.id).update({ storage_key: null })
    await removeStoredFiles([running.storageKey])
  } catch (error) {
    await removeStoredFiles(storedKeys)
    /* rolled back: a cancel asked of this attempt ends it now (a retry's new attempt is left alone) */
    if (error instanceof Cancelled)
      return void (await endImport(running, ['processing'], { status: 'cancelled' }))
    await failFinally(running, error, job)
  } finally {
    source?.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

/*
 * the upload copied from the drive into the job's folder, and opened there for reading as it is written (a
 * text file's rows capped by the learner's plan)
 */
async function openUpload(
  record: DeckImport,
  storageKey: string,
  workDir: string,
  limits: { maxRows: number; timezoneOffsetMinutes: number }
): Promise<BundleSource> {
  await mkdir(workDir, { recursive: true })
  const source = join(workDir, 'source')
  await pipeline(await drive.use().getStream(storageKey), createWriteStream(source))
  return openImport(record.format, source, join(workDir, 'media'), deckNameOf(record.fileName), {
    ...record.options,
    ...limits,
  })
}

/* a refused file, or the last attempt: the import fails; otherwise BullMQ tries again */
async function failFinally(running: RunningImport, error: unknown, job: Job): Promise<never> {
  const final = error instanceof ImportError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
  if (!final) throw error
  await failImport(running, {
    key: error instanceof ImportError ? error.key : 'import_failed',
    message: String((error as Error).message ?? error),
  })
  throw error instanceof ImportError ? new UnrecoverableError(error.message) : error
}
