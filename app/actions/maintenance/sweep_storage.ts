import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { DriveFile } from '@adonisjs/drive'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { failAbandonedImports } from '#actions/imports/fail_abandoned_imports'
import { deleteUnusedMedia } from '#actions/media/unused_media'
import { sweepWorkDirs } from '#services/work_dirs'
import { withTransaction, type ActionOptions } from '#actions/action'
import {
  removeEmptyFolder,
  removeStoredFiles,
  storedFileInfo,
  storedFiles,
  storedFolders,
} from '#services/stored_files'

const HOUR = 60 * 60 * 1000
/** A file no row names yet may be an upload on its way (its row comes when it is complete): it is left this long. */
const GRACE_MS = 24 * HOUR
/** An import queued or processing that has not moved for this long has lost its job: it is failed. */
const ABANDONED_MS = 24 * HOUR

const PAGE = 500
const TOP_FOLDERS = ['media', 'imports', 'exports', 'avatars']

interface Removed {
  files: number
  bytes: number
  keys: string[]
}

export interface SweepReport {
  abandonedImports: number
  uploads: Omit<Removed, 'keys'>
  media: Omit<Removed, 'keys'>
  exports: Omit<Removed, 'keys'>
  avatars: Omit<Removed, 'keys'>
  folders: number
  workDirs: number
}

/**
 * The storage sweep (a scheduled job of the worker): removes what the direct
 * paths could not, because a worker died mid-way, a file refused to be
 * deleted, or the file predates them. Every removal is decided from the
 * database: a file goes when no row needs it any more, and a file no row
 * names yet only once it is older than GRACE_MS. Safe to run twice at once.
 */
export async function sweepStorage(
  input: { now?: Date } = {},
  options: ActionOptions = {}
): Promise<SweepReport> {
  const now = input.now ?? new Date()
  const graceCutoff = new Date(now.getTime() - GRACE_MS)
  const abandoned = await failAbandonedImports({ before: new Date(now.getTime() - ABANDONED_MS) })
  const uploads = await sweepUploads(graceCutoff, options)
  for (const record of abandoned) {
    if (!record.storageKey) continue
    uploads.files++
    uploads.bytes += Number(record.size)
    uploads.keys.push(record.storageKey)
  }
  const media = await sweepMedia(graceCutoff)
  const exports = await sweepExports(now, graceCutoff, options)
  const avatars = await sweepAvatars(graceCutoff)
  const folders = await emptyFolders()
  const workDirs = await sweepWorkDirs({ before: new Date(now.getTime() - ABANDONED_MS) })

  const count = ({ files, bytes }: Removed) => ({ files, bytes })
  const report: SweepReport = {
    abandonedImports: abandoned.length,
    uploads: count(uploads),
    media: count(media),
    exports: count(exports),
    avatars: count(avatars),
    folders,
    workDirs,
  }
  logger.info(
    report,
    'storage sweep: %d files removed (%d bytes)',
    uploads.files + media.files + exports.files + avatars.files,
    uploads.bytes + media.bytes + exports.bytes + avatars.bytes
  )
  logger.debug(
    {
      abandonedImports: abandoned.map((record) => record.id),
      uploads: uploads.keys,
      media: media.keys,
      exports: exports.keys,
      avatars: avatars.keys,
    },
    'storage sweep: removed keys'
  )
  return report
}

/** Uploads of imports that are over (done, failed, cancelled), and uploads no import names. */
async function sweepUploads(graceCutoff: Date, options: ActionOptions) {
  const removed = tally()
  await remove(
    removed,
    await releaseKeys(
      'deck_imports',
      (query) => query.whereIn('status', ['done', 'failed', 'cancelled']),
      options
    )
  )
  return unnamed('imports', removed, graceCutoff, async (keys) => {
    const rows = await db
      .from('deck_imports')
      .whereIn('storage_key', keys)
      .whereIn('status', ['queued', 'processing'])
      .select('storage_key')
    return new Set(rows.map((row) => row.storage_key as string))
  })
}

/** Media rows nothing names any more (their files with them), and media files without a row. */
async function sweepMedia(graceCutoff: Date) {
  const removed = tally()
  const unused = await deleteUnusedMedia(db.connection(), { uploadedBefore: graceCutoff })
  await remove(
    removed,
    unused.map((media) => ({ key: `media/${media.key}`, size: media.size }))
  )
  return unnamed('media', removed, graceCutoff, async (keys) => {
    const rows = await db
      .from('media')
      .whereIn(
        'key',
        keys.map((key) => key.slice('media/'.length))
      )
      .select('key')
    return new Set(rows.map((row) => `media/${row.key}`))
  })
}

/** Files of expired or failed exports, and export files no export names. */
async function sweepExports(now: Date, graceCutoff: Date, options: ActionOptions) {
  const removed = tally()
  await remove(
    removed,
    await releaseKeys(
      'deck_exports',
      (query) =>
        query.where((ended) =>
          ended
            .whereNot('status', 'done')
            .orWhere('expires_at', '<=', now)
            .orWhereNull('expires_at')
        ),
      options
    )
  )
  return unnamed('exports', removed, graceCutoff, async (keys) => {
    const rows = await db.from('deck_exports').whereIn('storage_key', keys).select('storage_key')
    return new Set(rows.map((row) => row.storage_key as string))
  })
}

/** Avatar files no user points at. */
async function sweepAvatars(graceCutoff: Date) {
  return unnamed('avatars', tally(), graceCutoff, async (keys) => {
    const rows = await db.from('users').whereIn('avatar_path', keys).select('avatar_path')
    return new Set(rows.map((row) => row.avatar_path as string))
  })
}

/**
 * The files under `prefix` that no row names (`named` answers which of a
 * page of keys are), removed once older than the grace period.
 */
async function unnamed(
  prefix: string,
  removed: Removed,
  graceCutoff: Date,
  named: (keys: string[]) => Promise<Set<string>>
) {
  let page: DriveFile[] = []
  const flush = async () => {
    const keep = await named(page.map((file) => file.key))
    const old: { key: string; size: number }[] = []
    for (const file of page) {
      if (keep.has(file.key)) continue
      const info = await storedFileInfo(file).catch(() => null)
      if (info && info.lastModified < graceCutoff) old.push({ key: file.key, size: info.size })
    }
    await remove(removed, old)
    page = []
  }
  try {
    for await (const file of storedFiles(prefix)) {
      page.push(file)
      if (page.length >= PAGE) await flush()
    }
    if (page.length) await flush()
  } catch (error) {
    /* a listing that breaks (a key the drive refuses to name, S3 unreachable) stops this prefix only */
    logger.warn({ err: error, prefix }, 'storage sweep: could not list the files')
  }
  return removed
}

/** Empty folders on the local disk (S3 has none), but an export's while its job may still write there. */
async function emptyFolders() {
  let count = 0
  const exports = await db
    .from('deck_exports')
    .whereIn('status', ['queued', 'processing'])
    .select('id')
  const open = new Set(exports.map((row) => `exports/${row.id}`))
  for (const top of TOP_FOLDERS) {
    for await (const folder of storedFolders(top)) {
      if (!open.has(folder) && (await removeEmptyFolder(folder))) count++
    }
  }
  return count
}

/** The rows of `table` in `scope` that still name a stored file let go of it; answers the files, to remove. */
async function releaseKeys(
  table: 'deck_imports' | 'deck_exports',
  scope: (query: DatabaseQueryBuilderContract) => DatabaseQueryBuilderContract,
  options: ActionOptions
) {
  const rows = await withTransaction(options.trx, async (trx) => {
    const found = await scope(trx.from(table).whereNotNull('storage_key'))
      .forUpdate()
      .select('id', 'storage_key', 'size')
    if (found.length)
      await trx
        .from(table)
        .whereIn(
          'id',
          found.map((row) => row.id)
        )
        .update({ storage_key: null })
    return found as { storage_key: string; size: number | string | null }[]
  })
  return rows.map((row) => ({ key: row.storage_key, size: Number(row.size ?? 0) }))
}

function tally(): Removed {
  return { files: 0, bytes: 0, keys: [] }
}

async function remove(into: Removed, files: { key: string; size: number }[]) {
  if (!files.length) return
  const sizes = new Map(files.map((file) => [file.key, file.size]))
  for (const key of await removeStoredFiles(sizes.keys())) {
    into.files++
    into.bytes += sizes.get(key) ?? 0
    into.keys.push(key)
  }
}
