import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import redis from '@adonisjs/redis/services/main'
import { redisUrl } from '#config/redis'
import { startWebProcess } from '#tests/support/web_process'

/*
 * DRIVE_DISK=fs is for one machine: every process sharing this storage/
 * folder may start (the suite's worker and a second web server here), but a
 * process on another machine's disk, which would answer 404 for the files
 * stored here, refuses to start. "Another machine" is played by the claim
 * another disk id holds in Redis.
 */
const CLAIM_KEY = 'mnemo:drive-fs-disk'

function exitOf(args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, NODE_ENV: 'test', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

test.group('The local disk on several nodes', (group) => {
  group.each.teardown(async () => {
    await redis.del(CLAIM_KEY)
  })
  group.each.timeout(120_000)

  test('a second process on the same disk starts', async ({ assert }) => {
    const web = await startWebProcess({ DRIVE_DISK: 'fs' })
    try {
      assert.equal((await fetch(`${web.url}/api/health`)).status, 200)
      assert.isString(await redis.get(CLAIM_KEY))
    } finally {
      await web.stop()
    }
  }).skip(!redisUrl, 'the claim lives in Redis')

  test("a web server or worker on another machine's disk refuses to start", async ({ assert }) => {
    await redis.set(CLAIM_KEY, 'another-machines-disk', 'EX', 300)
    for (const args of [
      ['--import=@poppinss/ts-exec', 'bin/server.ts'],
      ['ace', 'queue:work'],
    ]) {
      const run = await exitOf(args)
      assert.equal(run.code, 1, run.output)
      assert.include(run.output, 'several nodes need DRIVE_DISK=s3')
    }
  }).skip(!redisUrl, 'the claim lives in Redis')
})
