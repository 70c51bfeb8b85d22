import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DateTime } from 'luxon'
import type { Job } from 'bullmq'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import mail from '@adonisjs/mail/services/main'
import ApiException from '#exceptions/api_exception'
import DeckExport from '#models/deck_export'
import User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { deckBundle } from '../../exports/deck_bundle.js'
import { deckCsvOf } from '../../exports/deck_csv.js'
import { EXPORT_LIFETIME_DAYS, downloadUrl } from '../../exports/download_link.js'
import { writeAnkiPackage } from '#imports/anki/write_package'
import { writeOfc } from '#imports/ofc/ofc_format'
import ExportReadyMail from '#mails/export_ready_mail'

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

/**
 * The export job: writes the file in a work directory of its own under tmp/,
 * stores it on the drive at exports/<id>/<deck name>.<ext>, marks the export
 * done for EXPORT_LIFETIME_DAYS and e-mails the signed link. A deck that is
 * gone (or no longer the user's) fails the export at once; any other error
 * is retried, and the last attempt marks it failed; the row says done only
 * after everything else has succeeded. The work directory is always removed.
 */
export async function runExport(job: Job, exportId: number) {
  const record = await DeckExport.find(exportId)
  if (!record || record.status === 'done') return
  const fail = async (message: string) => {
    record.merge({ status: 'failed', errorMessage: message.slice(0, 500) })
    await record.save()
  }
  if (!record.deckId) return fail('deck_deleted')

  record.status = 'processing'
  await record.save()
  const workDir = app.tmpPath('exports', `${record.id}-${randomUUID()}`)
  try {
    await mkdir(workDir, { recursive: true })
    const user = await User.findOrFail(record.userId)
    const fileName = `${safeFileName(record.deckName)}.${record.format}`
    const outPath = join(workDir, fileName)
    if (record.format === 'csv') {
      /* no bundle: the CSV holds neither media nor progress, and streams from the database in batches */
      const deck = await findDeck(user, record.deckId)
      await pipeline(Readable.from(deckCsvOf(await subtreeIds(deck.id))), createWriteStream(outPath))
    } else {
      const bundle = await deckBundle(user, record.deckId, { includeProgress: record.includeProgress, workDir })
      if (record.format === 'apkg') await writeAnkiPackage(bundle, outPath)
      else await writeOfc(bundle, outPath, { includeProgress: record.includeProgress })
    }
    const { size } = await stat(outPath)
    const key = `exports/${record.id}/${fileName}`
    await drive.use().copyFromFs(outPath, key)
    const expiresAt = DateTime.now().plus({ days: EXPORT_LIFETIME_DAYS })
    await mail.sendLater(
      new ExportReadyMail({
        to: record.email, name: user.name ?? user.username ?? '', locale: user.locale ?? 'en', deckName: record.deckName,
        format: record.format, link: downloadUrl(record, expiresAt), days: EXPORT_LIFETIME_DAYS,
      })
    )
    /* last: a row says done only once the file is stored and its link is on its way */
    record.merge({ status: 'done', storageKey: key, size, errorMessage: null, expiresAt })
    await record.save()
  } catch (error) {
    /* the deck was deleted or unshared meanwhile: retrying cannot help */
    if (error instanceof ApiException && error.status === 404) return fail('deck_deleted')
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    if (lastAttempt) await fail(error instanceof Error ? error.message : String(error))
    throw error
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
