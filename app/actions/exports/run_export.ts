import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import mail from '@adonisjs/mail/services/main'
import ApiException from '#exceptions/api_exception'
import DeckExport from '#models/deck_export'
import User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { deckBundle } from '#actions/exports/deck_bundle'
import { deckCsv } from '#exporters/deck_csv'
import { csvNotes } from '#queries/exports/csv_notes'
import { EXPORT_LIFETIME_DAYS, downloadUrl } from '#services/urls/download_link'
import { writeAnkiPackage } from '#exporters/anki/write_package'
import { writeOfc } from '#exporters/ofc/write_ofc'
import ExportReadyMail from '#mails/export_ready_mail'
import { isOwnProvenAddress } from '#queries/exports/export_addresses'
import { removeStoredFiles } from '#services/stored_files'
import type { JobPayload } from '#services/queue'
import { withTransaction, type ActionOptions } from '#actions/action'

/** A deck name as a file name: letters, digits and a few marks, never a path. */
export function safeFileName(name: string) {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim()
  return safe || 'deck'
}

/* a row in one of these states may still be worked on; done and failed are final */
const OPEN_STATES = ['queued', 'processing']

/**
 * Marks an export failed unless it finished meanwhile: a late or duplicate
 * run of the job can never turn a done export into a failed one.
 */
export async function markExportFailed(exportId: number, message: string) {
  await db
    .from('deck_exports')
    .where('id', exportId)
    .whereIn('status', OPEN_STATES)
    .update({ status: 'failed', error_message: message.slice(0, 500), updated_at: new Date() })
}

/** The name a downloaded export carries: the deck's, made safe for a file system. */
export function exportFileName(record: Pick<DeckExport, 'deckName' | 'format'>) {
  return `${safeFileName(record.deckName)}.${record.format}`
}

/**
 * The export job: writes the file in a work directory of its own under tmp/
 * and stores it on the drive at exports/<id>/export.<ext>. Then, in one
 * transaction, the row says done (for EXPORT_LIFETIME_DAYS) and the e-mail
 * with the signed link is queued: when the e-mail cannot be queued the row
 * is not done, and a row says done only with its file stored and its
 * e-mail on its way.
 *
 * A deck that is gone (or no longer the user's) fails the export at once;
 * any other error is retried, and the last attempt marks the export failed
 * and removes a file an earlier attempt may have stored. Done and failed
 * are final: a late or duplicate run of the job finds the row so and does
 * nothing. The work directory is always removed.
 */
export async function runExport(
  payload: JobPayload<'export_deck'>,
  job: Job,
  options: ActionOptions = {}
) {
  const { exportId } = payload
  /* only an open row is (still) to be worked on; claiming it says the work has started */
  const claimed = await db
    .from('deck_exports')
    .where('id', exportId)
    .whereIn('status', OPEN_STATES)
    .update({ status: 'processing', updated_at: new Date() })
  if (!Number(claimed)) return
  const record = await DeckExport.findOrFail(exportId)
  if (!record.deckId) return markExportFailed(record.id, 'deck_deleted')

  const fileName = exportFileName(record)
  /*
   * The same key on every attempt: a retry replaces what an earlier attempt
   * stored. Plain ASCII: the drive refuses most letters and marks in a key
   * ("Español (copy)"); the download is named after the deck (exportFileName).
   */
  const key = `exports/${record.id}/export.${record.format}`
  const workDir = app.tmpPath('exports', `${record.id}-${randomUUID()}`)
  try {
    await mkdir(workDir, { recursive: true })
    const user = await User.findOrFail(record.userId)
    const outPath = join(workDir, fileName)
    if (record.format === 'csv') {
      /* no bundle: the CSV holds neither media nor progress, and streams from the database in batches */
      const deck = await findDeck(user, record.deckId)
      await pipeline(
        Readable.from(deckCsv(csvNotes(await subtreeIds(deck.id)))),
        createWriteStream(outPath)
      )
    } else {
      const bundle = await deckBundle(user, record.deckId, {
        includeProgress: record.includeProgress,
        workDir,
      })
      if (record.format === 'apkg')
        await writeAnkiPackage(bundle, outPath, { timezoneOffsetMinutes: user.timezoneOffset ?? 0 })
      else await writeOfc(bundle, outPath, { includeProgress: record.includeProgress })
    }
    const { size } = await stat(outPath)
    await drive.use().copyFromFs(outPath, key)
    await finishExport(record.id, user, { key, size }, options)
  } catch (error) {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    /* the deck was deleted or unshared meanwhile: retrying cannot help */
    const deckGone = error instanceof ApiException && error.status === 404
    if (deckGone || lastAttempt) {
      await removeStoredFiles([key])
      await markExportFailed(
        record.id,
        deckGone ? 'deck_deleted' : error instanceof Error ? error.message : String(error)
      )
    }
    if (deckGone) return
    throw error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/**
 * Done and its e-mail queued (when it is mailed), or neither: the mail is queued inside the transaction that
 * says done.
 */
async function finishExport(
  exportId: number,
  user: User,
  file: { key: string; size: number },
  options: ActionOptions
) {
  await withTransaction(options.trx, async (trx) => {
    const record = await DeckExport.query({ client: trx })
      .where('id', exportId)
      .forUpdate()
      .firstOrFail()
    /* failed meanwhile by another run of the job: its file is not announced */
    if (record.status !== 'processing') return
    const expiresAt = DateTime.now().plus({ days: EXPORT_LIFETIME_DAYS })
    record.merge({
      status: 'done',
      storageKey: file.key,
      size: file.size,
      errorMessage: null,
      expiresAt,
    })
    await record.save()
    if (!record.mailLink) return
    await mail.sendLater(
      new ExportReadyMail({
        to: record.email,
        name: user.name ?? user.username ?? '',
        locale: user.locale ?? 'en',
        deckName: record.deckName,
        format: record.format,
        link: downloadUrl(record, expiresAt),
        days: EXPORT_LIFETIME_DAYS,
        ownAddress: isOwnProvenAddress(user, record.email),
      })
    )
  })
}
