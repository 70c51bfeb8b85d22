import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { compileTrustedProxies, setTrustedProxies } from '#config/app'
import { assertErrorBody, resetState } from '#tests/support/helpers'

/* failed sign-ins count 20 per client IP in 15 minutes (app/services/auth_throttle.ts) */
const PER_IP = 20

/**
 * PER_IP + 1 failed sign-ins, each for another address (so the per-e-mail
 * limit never counts) and each claiming another client in X-Forwarded-For.
 * The answer of the last one: 429 when they all counted under one IP.
 */
async function rotatingClients(client: ApiClient, assert: any) {
  let last = 0
  for (let i = 0; i <= PER_IP; i++) {
    const response = await client
      .post('/api/authentication/login_with_provider')
      .header('X-Forwarded-For', `203.0.113.${i + 1}`)
      .json({
        kind: 'email',
        user: { email: `nobody${i}@example.test`, password: 'wrong-password' },
      })
    last = response.status()
    if (i < PER_IP) response.assertStatus(400)
    else if (last === 429) assertErrorBody(assert, response.body(), 'E_TOO_MANY_REQUESTS')
  }
  return last
}

test.group('Per-IP limits and X-Forwarded-For', (group) => {
  group.each.setup(() => resetState())
  /* the tests' server runs in this process: put the configured proxies back */
  group.each.teardown(() => setTrustedProxies(env.get('TRUSTED_PROXIES')))

  test('with no proxy configured, the header changes nothing: the socket address is the key', async ({
    client,
    assert,
  }) => {
    setTrustedProxies(undefined)
    assert.equal(await rotatingClients(client, assert), 429)
  })

  test('a configured proxy is believed: each forwarded client counts on its own', async ({
    client,
    assert,
  }) => {
    setTrustedProxies('loopback')
    assert.equal(await rotatingClients(client, assert), 400)
  })

  test('only the configured proxy is believed: the same header from another address changes nothing', async ({
    client,
    assert,
  }) => {
    setTrustedProxies('10.0.0.1, 192.168.0.0/16')
    assert.equal(await rotatingClients(client, assert), 429)
  })

  test('TRUSTED_PROXIES takes addresses, ranges and proxy-addr names, none by default, and refuses a bad entry', ({
    assert,
  }) => {
    assert.isFalse(compileTrustedProxies(undefined).trust('127.0.0.1', 0))
    assert.isFalse(compileTrustedProxies('').trust('10.0.0.1', 0))
    const some = compileTrustedProxies(' 10.0.0.1 ,192.168.0.0/16,loopback')
    assert.deepEqual(some.entries, ['10.0.0.1', '192.168.0.0/16', 'loopback'])
    for (const address of ['10.0.0.1', '192.168.4.2', '127.0.0.1', '::1'])
      assert.isTrue(some.trust(address, 0), address)
    for (const address of ['10.0.0.2', '172.16.0.1', '203.0.113.7'])
      assert.isFalse(some.trust(address, 0), address)
    assert.throws(() => compileTrustedProxies('not-a-proxy'))
  })
})
