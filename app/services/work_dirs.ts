import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * This machine's work directories that a killed job left under tmp/ (each
 * holds a copy of an upload or an export being written), and the files a
 * web process killed mid-request left in tmp/uploads, once older than
 * `before`. Every worker sweeps its own, at start and every hour
 * (app/services/schedules.ts), since the scheduled storage sweep runs on one
 * worker only and cannot reach another machine's disk; the storage sweep
 * does it too, for the worker it runs on. Answers how many it removed.
 */
export async function sweepWorkDirs(input: { before: Date }) {
  const { before } = input
  let count = 0
  for (const kind of ['imports', 'exports', 'uploads']) {
    const root = app.tmpPath(kind)
    const entries = await readdir(root).catch(() => [] as string[])
    for (const entry of entries) {
      const path = join(root, entry)
      const info = await stat(path).catch(() => null)
      if (info && info.mtime < before) {
        await rm(path, { recursive: true, force: true })
        count++
      }
    }
  }
  return count
}
