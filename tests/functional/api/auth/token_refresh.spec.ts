import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { startWorkerProcess, stopWorkerProcess } from '#tests/support/worker_process'
import { dispatch, getQueue } from '#services/queue'
import { GRACE_MINUTES } from '#services/succeeding_access_tokens'
import { eventually } from '#tests/support/eventually'

/*
 * Near expiry a token gets one successor, handed back in x-user-token (the
 * spec's refreshed-token header) on every answer until the client uses it;
 * the old token then lives GRACE_MINUTES more. Clients send nothing new.
 */
const tokenRows = async () => db.from('auth_access_tokens').orderBy('id')
const nearExpiry = async (id?: number) =>
  db
    .from('auth_access_tokens')
    .if(id, (query) => query.where('id', id!))
    .update({ expires_at: DateTime.now().plus({ days: 2 }).toJSDate() })
const me = (client: ApiClient, token: string) => client.get('/api/users/me').bearerToken(token)
async function newToken(user: User) {
  const token = await User.accessTokens.create(user)
  return { id: Number(token.identifier), value: token.value!.release() }
}

test.group('API tokens: one successor per token', (group) => {
  group.each.setup(() => resetState())

  test('near expiry, every answer hands back the same successor until it is used: 2 rows after 3 calls', async ({
    client,
    assert,
  }) => {
    const old = await tokenFor(await makeUser())
    await nearExpiry()
    const handed: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await me(client, old)
      response.assertStatus(200)
      handed.push(response.header('x-user-token') as string)
    }
    assert.match(handed[0], /^mnm_/)
    assert.deepEqual(handed, [handed[0], handed[0], handed[0]])
    assert.lengthOf(await tokenRows(), 2)
  })

  test("the successor's first use starts the old token's grace; then the old token expires and mints nothing", async ({
    client,
    assert,
  }) => {
    const old = await tokenFor(await makeUser())
    await nearExpiry()
    const successor = (await me(client, old)).header('x-user-token') as string
    const [parent] = await tokenRows()

    const first = await me(client, successor)
    first.assertStatus(200)
    assert.isUndefined(first.header('x-user-token'), 'a fresh token needs no successor')
    const graceEnds = DateTime.fromJSDate(
      (await db.from('auth_access_tokens').where('id', parent.id).first()).expires_at
    )
    assert.isTrue(graceEnds > DateTime.now())
    assert.isTrue(graceEnds <= DateTime.now().plus({ minutes: GRACE_MINUTES }))

    /* requests still on their way with the old token land, and get nothing new */
    const late = await me(client, old)
    late.assertStatus(200)
    assert.isUndefined(late.header('x-user-token'))
    assert.lengthOf(await tokenRows(), 2)

    /* the grace over (moved, not waited for) */
    await db
      .from('auth_access_tokens')
      .where('id', parent.id)
      .update({ expires_at: DateTime.now().minus({ seconds: 1 }).toJSDate() })
    ;(await me(client, old)).assertStatus(401)
    ;(await me(client, successor)).assertStatus(200)
    ;(await client.post('/api/tokens/validate').bearerToken(successor)).assertStatus(200)
  })

  test('ten parallel requests with the same token near expiry all get the same successor', async ({
    client,
    assert,
  }) => {
    const old = await tokenFor(await makeUser())
    await nearExpiry()
    const responses = await Promise.all(Array.from({ length: 10 }, () => me(client, old)))
    for (const response of responses) response.assertStatus(200)
    const handed = new Set(responses.map((response) => response.header('x-user-token') as string))
    assert.equal(handed.size, 1, [...handed].join(' '))
    assert.match([...handed][0], /^mnm_/)
    assert.lengthOf(await tokenRows(), 2)
    ;(await me(client, [...handed][0])).assertStatus(200)
  })

  test('a successor never used dies with its token: revoked, or expired', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const revoked = await tokenFor(user)
    await nearExpiry()
    const orphan = (await me(client, revoked)).header('x-user-token') as string
    ;(await client.post('/api/authentication/logout').bearerToken(revoked)).assertStatus(204)
    ;(await me(client, orphan)).assertStatus(401)

    const expired = await tokenFor(user)
    await nearExpiry()
    const late = (await me(client, expired)).header('x-user-token') as string
    await db
      .from('auth_access_tokens')
      .where('id', (await tokenRows())[0].id)
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    ;(await me(client, late)).assertStatus(401)
    assert.lengthOf(
      await tokenRows(),
      1,
      'the void successor is removed; the expired token waits for the prune job'
    )
  })

  test('logout with the successor also ends the old token in its grace', async ({ client }) => {
    const old = await tokenFor(await makeUser())
    await nearExpiry()
    const successor = (await me(client, old)).header('x-user-token') as string
    ;(await me(client, successor)).assertStatus(200)
    ;(await client.post('/api/authentication/logout').bearerToken(successor)).assertStatus(204)
    ;(await me(client, successor)).assertStatus(401)
    ;(await me(client, old)).assertStatus(401)
  })
})

test.group('API tokens: the prune job', (group) => {
  group.each.setup(() => resetState())

  test('the worker schedules it hourly when it starts', async ({ assert }) => {
    /*
     * The tests' resetState flushes the Redis database (the limiter's clear),
     * schedules included: so a worker is started here, as a deploy starts one.
     */
    await getQueue().removeJobScheduler('prune_access_tokens')
    await stopWorkerProcess()
    await startWorkerProcess(2)
    const scheduler = await getQueue().getJobScheduler('prune_access_tokens')
    assert.exists(scheduler, 'queue:work registered the prune_access_tokens scheduler')
    assert.equal(Number(scheduler!.every), 60 * 60 * 1000)
    assert.equal(scheduler!.name, 'prune_access_tokens')
  })

  test('run by the worker, it removes expired tokens and successors never used whose token expired', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const live = await newToken(user)
    const expired = await newToken(user)
    /* two tokens near expiry, each with its successor: one never used, one in use */
    const unusedParent = await newToken(user)
    const usedParent = await newToken(user)
    await nearExpiry(unusedParent.id)
    await nearExpiry(usedParent.id)
    const unused = (await me(client, unusedParent.value)).header('x-user-token') as string
    const used = (await me(client, usedParent.value)).header('x-user-token') as string
    ;(await me(client, used)).assertStatus(200)
    const usedId = (await db.from('auth_access_tokens').where('parent_id', usedParent.id).first())
      .id
    assert.lengthOf(await tokenRows(), 6)
    await db
      .from('auth_access_tokens')
      .whereIn('id', [expired.id, unusedParent.id, usedParent.id])
      .update({ expires_at: DateTime.now().minus({ hours: 1 }).toJSDate() })

    await dispatch('prune_access_tokens', {})
    await eventually(async () => (await tokenRows()).length === 2, 'the prune')
    assert.sameMembers(
      (await tokenRows()).map((row) => row.id),
      [live.id, usedId]
    )
    ;(await me(client, live.value)).assertStatus(200)
    ;(await me(client, used)).assertStatus(200)
    ;(await me(client, unused)).assertStatus(401)
  })
})
