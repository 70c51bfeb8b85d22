import { test } from '@japa/runner'
import { freePort, startWebProcess } from '#tests/support/web_process'

/*
 * Liveness and readiness, as a load balancer probes them: /api/health
 * answers while the process runs; /api/ready answers 503 while PostgreSQL
 * (or Redis, when configured) cannot be reached, so the balancer takes the
 * node out of the rotation without restarting it.
 */
test.group('Readiness', () => {
  test('a node whose database and Redis answer is ready', async ({ client }) => {
    const response = await client.get('/api/ready')
    response.assertStatus(200)
    response.assertBody({ status: 'ready' })
  })

  test('a node whose database is unreachable is alive but not ready', async ({ assert }) => {
    const web = await startWebProcess({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/mnemo`,
    })
    try {
      const live = await fetch(`${web.url}/api/health`)
      assert.equal(live.status, 200)
      const ready = await fetch(`${web.url}/api/ready`)
      assert.equal(ready.status, 503)
      const body = await ready.json()
      assert.equal(body.code, 'E_NOT_READY')
      assert.equal(body.unreachable, 'database')
      assert.isString(body.title)
    } finally {
      await web.stop()
    }
  }).timeout(120_000)

  test('a node whose Redis is unreachable is not ready', async ({ assert }) => {
    const web = await startWebProcess({ REDIS_URL: `redis://127.0.0.1:${await freePort()}/0` })
    try {
      const ready = await fetch(`${web.url}/api/ready`)
      assert.equal(ready.status, 503)
      assert.equal((await ready.json()).unreachable, 'redis')
    } finally {
      await web.stop()
    }
  }).timeout(120_000)
})
