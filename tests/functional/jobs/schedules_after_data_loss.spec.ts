import { test } from '@japa/runner'
import redis from '@adonisjs/redis/services/main'
import { redisUrl } from '#config/redis'
import { getQueue, SCHEDULES } from '#services/queue'
import { startExtraWorkerProcess } from '#tests/support/worker_process'

/*
 * Redis loses its data (a restart without persistence, a failover, a flush):
 * the recurring jobs' schedules go with it. A running worker registers them
 * again (here every second: SCHEDULES_CHECK_MS) without a restart.
 */
async function schedulerNames() {
  return (await getQueue().getJobSchedulers()).map((scheduler) => scheduler.key).sort()
}

async function waitFor(condition: () => Promise<boolean>, what: string, withinMs = 30_000) {
  const deadline = Date.now() + withinMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs / 1000} s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

test.group('Schedules after Redis lost its data', () => {
  test('a running worker registers the recurring jobs again', async ({ assert }) => {
    const expected = SCHEDULES.map(({ name }) => name).sort()
    const stop = await startExtraWorkerProcess(1, { SCHEDULES_CHECK_MS: '1000' })
    try {
      await waitFor(
        async () => (await schedulerNames()).length === expected.length,
        'the schedules at start'
      )
      const sweep = await getQueue().getJobScheduler('sweep_storage')
      /* only this test's Redis database (REDIS_URL's), never the server's others */
      await redis.flushdb()
      assert.deepEqual(await schedulerNames(), [], 'the flush took the schedules')
      await waitFor(
        async () => JSON.stringify(await schedulerNames()) === JSON.stringify(expected),
        'the schedules again'
      )
      /* a schedule made again is a new one: the storage sweep's first run is again one interval away */
      assert.isAbove(
        Number((await getQueue().getJobScheduler('sweep_storage'))!.next),
        Date.now() + 5 * 60 * 60 * 1000
      )
      assert.exists(sweep)
    } finally {
      await stop()
    }
  })
    .skip(!redisUrl, 'the schedules live in Redis only with REDIS_URL')
    .timeout(90_000)
})
