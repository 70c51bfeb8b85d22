import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { storageRoot } from '#config/drive'
import db from '@adonisjs/lucid/services/db'
import { dispatch, getQueue } from '#services/queue'
import { workerOutput } from '#tests/support/worker_process'

/*
 * The files the app stored, seen on the test drive (the local disk, storage/
 * or a test shard's folder): what the "nothing left behind" tests count. Keys are drive keys
 * (`media/<uuid>.png`), as the database names them.
 */
const ROOT = storageRoot

async function entries() {
  try {
    return await readdir(ROOT, { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
}

/** Every stored file's key. */
export async function storedKeys() {
  return (await entries())
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort()
}

/** Every folder under storage/ (`imports/<uuid>`, `exports/<id>`, …). */
export async function storedFolders() {
  return (await entries())
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort()
}

/** The folders under storage/ that hold nothing. */
export async function emptyFolders() {
  const all = await entries()
  const parents = new Set(all.map((entry) => relative(ROOT, entry.parentPath)))
  return (await storedFolders()).filter((folder) => !parents.has(folder))
}

/** How many of these keys are on the drive. */
export async function countStored(keys: string[]) {
  const all = new Set(await storedKeys())
  return keys.filter((key) => all.has(key)).length
}

/** Every drive key the database names for the user: media, avatar, export files, import uploads. */
export async function keysOfUser(userId: number) {
  const media = await db.from('media').where('user_id', userId).select('key')
  const exports = await db
    .from('deck_exports')
    .where('user_id', userId)
    .whereNotNull('storage_key')
    .select('storage_key')
  const imports = await db
    .from('deck_imports')
    .where('user_id', userId)
    .whereNotNull('storage_key')
    .select('storage_key')
  const user = await db.from('users').where('id', userId).select('avatar_path').first()
  return {
    media: media.map((row) => `media/${row.key}`),
    exports: exports.map((row) => row.storage_key as string),
    imports: imports.map((row) => row.storage_key as string),
    avatars: user?.avatar_path ? [user.avatar_path as string] : [],
  }
}

export const allKeys = (keys: Awaited<ReturnType<typeof keysOfUser>>) => [
  ...keys.media,
  ...keys.exports,
  ...keys.imports,
  ...keys.avatars,
]

/** Writes a file straight to the drive's folder, as a crashed job or an older version left it. */
export async function leaveFile(key: string, bytes: Buffer | string = 'left behind') {
  const path = join(ROOT, key)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, bytes)
  return key
}

/** Makes a stored file or folder `hours` old (its modification time). */
export async function age(key: string, hours: number) {
  const when = new Date(Date.now() - hours * 60 * 60 * 1000)
  await utimes(join(ROOT, key), when, when)
}

export async function makeFolder(key: string) {
  await mkdir(join(ROOT, key), { recursive: true })
  return key
}

/** Queues the storage sweep by name and waits (bounded) for the worker to finish it; answers its report. */
export async function runSweep(timeoutMs = 30_000) {
  const queued = await dispatch('sweep_storage', {})
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const job = await getQueue().getJob(queued.id!)
    const state = await job?.getState()
    /* the job was read before its state: read again, or a job that completed in between answers its value as null */
    if (state === 'completed') return (await getQueue().getJob(queued.id!))!.returnvalue
    if (state === 'failed')
      throw new Error(`the sweep failed: ${job!.failedReason}\n${workerOutput()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the sweep did not finish within ${timeoutMs} ms\n${workerOutput()}`)
}
