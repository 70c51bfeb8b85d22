import { rmdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import type { DriveFile } from '@adonisjs/drive'

/*
 * Files on the drive (the local disk or S3), removed and listed the same way
 * on both. Only the local disk has folders: S3 has keys, so a "folder" there
 * disappears with its last file and there is nothing to clean.
 */

/** The local disk's root folder, or null on S3. */
function localRoot(): string | null {
  const driver = drive.use().driver
  if (!(driver instanceof FSDriver)) return null
  const location = driver.options.location
  return typeof location === 'string' ? location : fileURLToPath(location)
}

/**
 * Removes the folder `prefix` when it is empty (local disk only). rmdir
 * refuses a folder that holds anything, so a file written meanwhile stays.
 */
export async function removeEmptyFolder(prefix: string) {
  const root = localRoot()
  if (!root) return false
  try {
    await rmdir(join(root, prefix))
    return true
  } catch {
    return false
  }
}

/**
 * Deletes files by key, never throwing: a file that cannot be deleted now is
 * left to the storage sweep. The folder a file leaves empty goes with it
 * (`exports/<id>/`, older `imports/<uuid>/`). Answers the keys removed.
 */
export async function removeStoredFiles(keys: Iterable<string>) {
  const removed: string[] = []
  const disk = drive.use()
  for (const key of new Set(keys)) {
    try {
      await disk.delete(key)
      removed.push(key)
    } catch (error) {
      logger.warn(
        { err: error, key },
        'a stored file could not be deleted; the storage sweep will retry'
      )
      continue
    }
    const folder = dirname(key)
    /* a top folder (media/, imports/) stays: only a file's own folder goes */
    if (folder.includes('/')) await removeEmptyFolder(folder)
  }
  return removed
}

/** Every file under `prefix`, page by page (S3 answers 1,000 keys a request). */
export async function* storedFiles(prefix: string): AsyncGenerator<DriveFile> {
  const disk = drive.use()
  let paginationToken: string | undefined
  do {
    const page = await disk.listAll(prefix, { recursive: true, paginationToken })
    for (const entry of page.objects) if (entry.isFile) yield entry as DriveFile
    paginationToken = page.paginationToken
  } while (paginationToken)
}

/** The folders right under `prefix` on the local disk (none on S3). */
export async function* storedFolders(prefix: string): AsyncGenerator<string> {
  if (!localRoot()) return
  const page = await drive.use().listAll(prefix, { recursive: false })
  for (const entry of page.objects) if (!entry.isFile) yield entry.prefix
}

/** When a stored file was last written, and its size. */
export async function storedFileInfo(file: DriveFile) {
  const meta = await file.getMetaData()
  return { lastModified: meta.lastModified, size: meta.contentLength }
}
