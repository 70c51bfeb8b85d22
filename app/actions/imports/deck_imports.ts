import { mkdir, rm } from 'node:fs/promises'
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { UnrecoverableError, type Job } from 'bullmq'
import { DateTime } from 'luxon'
import ApiException from '#exceptions/api_exception'
import { idParam } from '#queries/decks/find_deck'
import CreateDeck from '#actions/decks/create_deck'
import { reportProgress } from '#actions/decks/deck_jobs'
import { PROGRESS_CONNECTION } from '#config/database'
import Deck from '#models/deck'
import DeckImport from '#models/deck_import'
import User from '#models/user'
import { writeBundle } from '#actions/imports/write_bundle'
import { readImport } from '#importers/read_import'
import { ImportError, type BundleFormat } from '#importers/bundle'
import { dispatch } from '#services/queue'
import { removeStoredFiles } from '#services/stored_files'
import { deleteDeckRows } from '#actions/decks/delete_deck'

/*
 * An import: the upload lands on the drive, a deck appears in
 * `notes_importing`, and a job reads the file and writes the deck in one
 * transaction, its counters moving as it goes. A file the readers refuse
 * fails at once with the reader's message; any other failure is retried,
 * and after the last attempt the import fails. A finished import keeps
 * nothing it no longer needs: done, its upload is removed; failed or
 * cancelled, its deck, its media and its upload are. Retry cancels the
 * running attempt and starts a new one with the same upload. An import
 * nobody works on any more (its job lost, its worker gone) is failed by
 * the storage sweep (`failAbandonedImports`).
 */

const SOURCE: Record<BundleFormat, string> = { apkg: 'imported_anki', colpkg: 'imported_anki', ofc: 'imported_ofc', csv: 'imported_csv', text: 'imported_csv' }
/* the lock key of import jobs (deck jobs use another) */
const IMPORT_LOCK = 4_202

class Cancelled extends Error {}

const deckNameOf = (fileName: string) => fileName.replace(/\.[a-z0-9]+$/i, '').trim().slice(0, 255) || 'Imported deck'

/** After the upload: the deck the import fills and its row, then the job. */
export async function startImport(
  user: User,
  input: { fileName: string; format: BundleFormat; size: number; storageKey: string; folderId?: number | null; options?: Record<string, unknown> }
) {
  const record = await db.transaction(async (trx) => {
    const deck = await new CreateDeck().handle(
      user,
      { name: deckNameOf(input.fileName), folderId: input.folderId ?? null, source: SOURCE[input.format] as any, state: 'notes_importing' },
      trx
    )
    deck.processing = { total: 0, processed: 0, previousState: 'active' }
    await deck.useTransaction(trx).save()
    const row = await DeckImport.create(
      {
        userId: user.id, deckId: deck.id, folderId: input.folderId ?? null, fileName: input.fileName.slice(0, 255), format: input.format,
        size: input.size, storageKey: input.storageKey, status: 'queued', counts: {}, warnings: [], options: input.options ?? {}, attempt: 1,
      },
      { client: trx }
    )
    trx.after('commit', () => void dispatch('import_deck', { importId: row.id, attempt: 1 }))
    return row
  })
  return record
}

/** The user's import, or a 404. */
export async function findImport(user: User, id: unknown) {
  const record = await DeckImport.query().where('id', idParam(id)).where('user_id', user.id).first()
  if (!record) throw ApiException.notFound()
  return record
}

/** Stops the import (the running attempt stops at its next batch) and removes its deck and file. */
export async function cancelImport(user: User, id: unknown) {
  const record = await findImport(user, id)
  if (record.status === 'done') throw new ApiException(409, 'E_IMPORT_FINISHED', 'import_finished')
  if (record.status === 'cancelled') return record
  await endImport(record, ['queued', 'processing', 'failed'], { status: 'cancelled' })
  await record.refresh()
  return record
}

/** Cancels the old attempt and starts again with the same file. */
export async function retryImport(user: User, id: unknown) {
  const record = await findImport(user, id)
  if (record.status === 'done') throw new ApiException(409, 'E_IMPORT_FINISHED', 'import_finished')
  if (record.status === 'cancelled') throw new ApiException(409, 'E_IMPORT_CANCELLED', 'import_cancelled')
  /* a failed import's upload is removed with it: the file has to come again */
  if (!record.storageKey) throw new ApiException(409, 'E_IMPORT_FILE_GONE', 'import_file_gone')
  await removeDeck(record.deckId)
  return db.transaction(async (trx) => {
    const deck = await new CreateDeck().handle(
      user,
      { name: deckNameOf(record.fileName), folderId: record.folderId, source: SOURCE[record.format] as any, state: 'notes_importing' },
      trx
    )
    deck.processing = { total: 0, processed: 0, previousState: 'active' }
    await deck.useTransaction(trx).save()
    const attempt = record.attempt + 1
    record.useTransaction(trx).merge({ deckId: deck.id, status: 'queued', attempt, errorKey: null, errorMessage: null, counts: {}, warnings: [], finishedAt: null })
    await record.save()
    trx.after('commit', () => void dispatch('import_deck', { importId: record.id, attempt }))
    return record
  })
}

/* the import's deck with the media it stored: the rows, then the files */
async function removeDeck(deckId: number | null) {
  if (!deckId) return
  const files = await db.transaction(async (trx) => {
    const deck = await trx.from('decks').where('id', deckId).select('id', 'user_id').first()
    return deck ? deleteDeckRows(trx, { id: deck.id, userId: deck.user_id }) : []
  })
  await removeStoredFiles(files)
}

/**
 * The end of a failed import: its deck, its media and its upload go, and
 * the row says why. Only an import still at this attempt and not finished:
 * a retry, a cancel or a job finishing meanwhile wins.
 */
async function endFailedImport(record: Pick<DeckImport, 'id' | 'deckId' | 'storageKey' | 'attempt'>, error: { key: string; message: string }) {
  return endImport(record, ['queued', 'processing'], {
    status: 'failed', error_key: error.key, error_message: error.message.slice(0, 1000),
  })
}

/**
 * Ends an import still in one of `from` at its attempt: the row changes, its
 * deck goes in the same commit (no poll sees an ended import whose deck is
 * still there), then the deck's media files and the upload. False when a
 * retry, a cancel or a job finishing meanwhile won.
 */
async function endImport(record: Pick<DeckImport, 'id' | 'deckId' | 'storageKey' | 'attempt'>, from: string[], changes: Record<string, unknown>) {
  const files = await db.transaction(async (trx) => {
    const ended = await trx
      .from('deck_imports')
      .where('id', record.id)
      .where('attempt', record.attempt)
      .whereIn('status', from)
      /* a new attempt number: an attempt still running stops at its next checkpoint */
      .update({ ...changes, attempt: record.attempt + 1, deck_id: null, storage_key: null, finished_at: new Date(), updated_at: new Date() })
    if (!Number(ended)) return null
    const deck = record.deckId ? await trx.from('decks').where('id', record.deckId).select('id', 'user_id').first() : null
    return deck ? deleteDeckRows(trx, { id: deck.id, userId: deck.user_id }) : []
  })
  if (!files) return false
  await removeStoredFiles([...files, ...(record.storageKey ? [record.storageKey] : [])])
  return true
}

/** Imports queued or processing that moved not once since `before`: their job is lost; failed as any other. */
export async function failAbandonedImports(before: Date) {
  const stale = await DeckImport.query().whereIn('status', ['queued', 'processing']).where('updated_at', '<', before)
  const failed: DeckImport[] = []
  for (const record of stale) {
    if (await endFailedImport(record, { key: 'import_failed', message: 'abandoned: no progress since ' + record.updatedAt.toISO() })) failed.push(record)
  }
  return failed
}

/** The job. */
export async function runImport(payload: { importId: number; attempt: number }, job: Job) {
  const record = await DeckImport.find(payload.importId)
  if (!record || record.attempt !== payload.attempt || record.isFinished || !record.deckId || !record.storageKey) return
  /* inside the import's transaction through it: a read there sees a cancel committed meanwhile */
  const stillCurrent = async (client: Pick<typeof db, 'from'> = db) => {
    const row = await client.from('deck_imports').where('id', record.id).select('attempt', 'status').first()
    if (!row || row.attempt !== payload.attempt || row.status === 'cancelled') throw new Cancelled()
  }
  await db.from('deck_imports').where('id', record.id).update({ status: 'processing', updated_at: new Date() })
  const workDir = app.tmpPath('imports', `${record.id}-${payload.attempt}-${job.attemptsMade}`)
  const storedKeys: string[] = []
  const deckId = record.deckId
  try {
    await mkdir(workDir, { recursive: true })
    const source = join(workDir, 'source')
    await pipeline(await drive.use().getStream(record.storageKey), createWriteStream(source))
    const user = await User.findOrFail(record.userId)
    const bundle = await readImport(record.format, source, join(workDir, 'media'), deckNameOf(record.fileName), record.options)
    const total = bundle.notes.length
    await db.from('decks').where('id', deckId).update({ processing: JSON.stringify({ total, processed: 0, previousState: 'active' }) })
    await stillCurrent()
    await db.transaction(async (trx) => {
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [IMPORT_LOCK, deckId])
      const deck = await Deck.query({ client: trx }).where('id', deckId).firstOrFail()
      const written = await writeBundle(user, deck, bundle, trx, {
        storedKeys,
        checkpoint: () => stillCurrent(trx),
        /* outside the transaction, so the poll sees the counters move */
        progress: async (processed) => {
          await reportProgress(deckId, { total, processed, previousState: 'active' })
          /* the import moves: the sweep takes only an import that stopped moving for abandoned */
          await db.connection(PROGRESS_CONNECTION).from('deck_imports').where('id', record.id).update({ updated_at: new Date() })
        },
      })
      await stillCurrent(trx)
      await trx.from('decks').where('id', deckId).update({
        ...(written.rootName ? { name: written.rootName } : {}), state: 'active', updated_at: new Date(),
        processing: JSON.stringify({ total, processed: total, count: written.counts.notes + written.counts.updated, previousState: 'active' }),
      })
      /*
       * every note was already there and updated in place: the empty new deck
       * has no reason to stay. In the same commit as "done", so no poll sees a
       * finished import pointing at a deck about to vanish.
       */
      const emptied = written.counts.notes === 0 && written.counts.updated > 0 &&
        !(await trx.from('notes').whereIn('deck_id', trx.from('decks').where('root_deck_id', deckId).select('id')).first())
      if (emptied) await trx.from('decks').where('id', deckId).delete()
      await trx.from('deck_imports').where('id', record.id).update({
        status: 'done', counts: JSON.stringify(written.counts), warnings: JSON.stringify(written.warnings.slice(0, 200)),
        finished_at: new Date(), updated_at: new Date(), ...(emptied ? { deck_id: null } : {}),
      })
    })
    /* committed: the media stored are the deck's now */
    storedKeys.splice(0)
    await db.from('deck_imports').where('id', record.id).update({ storage_key: null })
    await removeStoredFiles([record.storageKey])
  } catch (error) {
    await removeStoredFiles(storedKeys)
    if (error instanceof Cancelled) return
    const final = error instanceof ImportError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    if (!final) throw error
    await endFailedImport(
      { id: record.id, deckId, storageKey: record.storageKey, attempt: payload.attempt },
      { key: error instanceof ImportError ? error.key : 'import_failed', message: String((error as Error).message ?? error) }
    )
    throw error instanceof ImportError ? new UnrecoverableError(error.message) : error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** GET deck_imports: the entity the apps and the upload dialog poll. */
export function presentImport(record: DeckImport) {
  return {
    id: record.id,
    deckId: record.deckId,
    fileName: record.fileName,
    format: record.format,
    size: Number(record.size),
    status: record.status,
    errorKey: record.errorKey ?? null,
    counts: record.counts,
    warnings: record.warnings,
    createdAt: record.createdAt.toISO(),
    finishedAt: record.finishedAt?.toISO() ?? null,
  }
}

export async function listImports(user: User) {
  const rows = await DeckImport.query().where('user_id', user.id).where('created_at', '>', DateTime.now().minus({ days: 7 }).toJSDate()).orderBy('id', 'desc').limit(50)
  return rows.map(presentImport)
}
