import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { mkdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { startExtraWorkerProcess } from '#tests/support/worker_process'

/*
 * A killed import or export leaves its work directory in the temporary folder
 * of the machine it ran on. The scheduled storage sweep runs on one worker,
 * so every worker clears its own: at start (and every hour), the ones older
 * than a day; a younger one may belong to a job still running.
 */
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

async function workDir(kind: 'imports' | 'exports' | 'uploads', daysOld: number) {
  const path = app.tmpPath(kind, `test-${randomUUID()}`)
  await mkdir(path, { recursive: true })
  await writeFile(join(path, 'upload.bin'), 'left by a killed job')
  const when = new Date(Date.now() - daysOld * 24 * 60 * 60 * 1000)
  await utimes(path, when, when)
  return path
}

test.group('Work directories on every worker', () => {
  test('a starting worker removes the stale work directories of its machine, not the recent ones', async ({
    assert,
  }) => {
    const stale = [
      await workDir('imports', 2),
      await workDir('exports', 3),
      await workDir('uploads', 2),
    ]
    const recent = await workDir('imports', 0)
    const stop = await startExtraWorkerProcess(1)
    try {
      const deadline = Date.now() + 30_000
      while ((await exists(stale[0])) || (await exists(stale[1])) || (await exists(stale[2]))) {
        if (Date.now() > deadline) assert.fail('the stale work directories are still there')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      assert.isTrue(await exists(recent), 'a directory younger than a day stays')
    } finally {
      await stop()
      await rm(recent, { recursive: true, force: true })
    }
  }).timeout(90_000)
})
