import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { assertErrorBody, makeUser, PASSWORD, resetState } from '#tests/support/helpers'
import { createDeck, signIn } from '#tests/support/content'
import { requestExport } from '../exports/support.js'

/* a 429's Retry-After, in seconds */
const waitOf = (response: any) => Number(response.header('retry-after'))

test.group('API 429s: the real wait, in Retry-After and in the message', (group) => {
  group.each.setup(() => resetState())

  test('after 5 wrong passwords the account is blocked 15 minutes, and every refusal says so', async ({
    client,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const attempt = (password: string) =>
      client
        .post('/api/authentication/login_with_provider')
        .json({ kind: 'email', user: { email: 'ana@example.test', password } })
    for (let i = 0; i < 5; i++) (await attempt('wrong-password')).assertStatus(400)
    for (const password of [PASSWORD, 'wrong-password', PASSWORD]) {
      const blocked = await attempt(password)
      blocked.assertStatus(429)
      assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
      assert.isAbove(waitOf(blocked), 14 * 60)
      assert.isAtMost(waitOf(blocked), 15 * 60)
      /* the message is the header's wait in words, not a count of seconds nobody reads */
      assert.match(
        blocked.body().body,
        /^Please wait 1[45] minutes?(, \d+ seconds?)? before trying again\.$/
      )
    }
  })

  test('the route limiter (60 sign-in calls a minute per IP) says its 5-minute block', async ({
    client,
    assert,
  }) => {
    const ask = (index: number) =>
      client.post('/api/auth/reset-password').json({ email: `nobody${index}@example.test` })
    for (let index = 0; index < 60; index++) (await ask(index)).assertStatus(202)
    const blocked = await ask(60)
    blocked.assertStatus(429)
    assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
    assert.isAbove(waitOf(blocked), 4 * 60)
    assert.isAtMost(waitOf(blocked), 5 * 60)
    assert.match(
      blocked.body().body,
      /^Please wait [45] minutes?(, \d+ seconds?)? before trying again\.$/
    )
  })

  test('the daily export limit says when the oldest export of the 24 hours leaves them', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'ana@example.test' })
    const deck = await createDeck(client, session.token, { name: 'Biology' })
    await db.table('deck_exports').multiInsert(
      Array.from({ length: 20 }, (_, index) => ({
        user_id: session.user.id,
        deck_id: deck.id,
        deck_name: 'Biology',
        email: 'ana@example.test',
        format: 'ofc',
        include_progress: false,
        status: 'done',
        created_at: DateTime.now().minus({ hours: 22, minutes: index }).toJSDate(),
        updated_at: new Date(),
      }))
    )
    const refused = await requestExport(client, session.token, { deck_id: deck.id })
    refused.assertStatus(429)
    assertErrorBody(assert, refused.body(), 'E_EXPORT_DAILY_LIMIT')
    /* the oldest, 22 hours 19 minutes ago, leaves the 24 hours in 1 hour 41 minutes */
    assert.isAbove(waitOf(refused), 6000)
    assert.isAtMost(waitOf(refused), 6060)
    assert.notInclude(refused.body().body, 'tomorrow')
    assert.include(refused.body().body, 'Try again in 1 hour, 41 minutes')
  })

  test('the confirmation-mail limit gives its 24-hour block in Retry-After and the message', async ({
    client,
    assert,
  }) => {
    const sender = await signIn({ email: 'ana@example.test' })
    const deck = await createDeck(client, sender.token, { name: 'Biology' })
    for (let index = 0; index < 5; index++) {
      ;(
        await requestExport(client, sender.token, {
          deck_id: deck.id,
          email: `friend${index}@example.test`,
        })
      ).assertStatus(202)
    }
    const refused = await requestExport(client, sender.token, {
      deck_id: deck.id,
      email: 'friend5@example.test',
    })
    refused.assertStatus(429)
    assertErrorBody(assert, refused.body(), 'E_EXPORT_CONFIRMATION_LIMIT')
    assert.isAbove(waitOf(refused), 23 * 3600)
    assert.isAtMost(waitOf(refused), 24 * 3600)
    assert.include(refused.body().body, 'Try again in 24 hours')
  })
})
