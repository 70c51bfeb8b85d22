import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { LAST_USED_EVERY_MS } from '#services/succeeding_access_tokens'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'

/*
 * A bearer-token call carries only what it uses: no session, no CSRF cookie,
 * no page headers (the web keeps all of them); the token is not written on
 * every request; users/me works the streak out only when the day turned.
 */

const tokenRow = async (userId: number) =>
  db.from('auth_access_tokens').where('tokenable_id', userId).first()

test.group('API requests carry only what they use', (group) => {
  group.each.setup(() => resetState())

  test(
    'an API call sets no cookie and no page headers; a page still gets its session, CSRF cookie ' +
      'and frame guard',
    async ({ client, assert }) => {
      const session = await signIn()
      const api = await client.get('/api/users/me').bearerToken(session.token)
      api.assertStatus(200)
      assert.isUndefined(api.header('set-cookie'))
      assert.isUndefined(api.header('x-frame-options'))

      const page = await client.get('/sign-in')
      page.assertStatus(200)
      const cookies = Object.keys(page.cookies())
      assert.includeMembers(cookies, ['mnemo-session', 'XSRF-TOKEN'])
      assert.equal(page.header('x-frame-options'), 'DENY')
    }
  )

  test('a token is marked used at its first use, then at most every few minutes', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    assert.isNull((await tokenRow(session.user.id)).last_used_at)
    ;(await client.get('/api/users/me').bearerToken(session.token)).assertStatus(200)
    const first = (await tokenRow(session.user.id)).last_used_at
    assert.instanceOf(first, Date)

    ;(await client.get('/api/decks').bearerToken(session.token)).assertStatus(200)
    assert.equal((await tokenRow(session.user.id)).last_used_at.getTime(), first.getTime())

    const longAgo = new Date(Date.now() - LAST_USED_EVERY_MS - 1000)
    await db
      .from('auth_access_tokens')
      .where('tokenable_id', session.user.id)
      .update({ last_used_at: longAgo })
    ;(await client.get('/api/decks').bearerToken(session.token)).assertStatus(200)
    assert.isAbove(
      (await tokenRow(session.user.id)).last_used_at.getTime(),
      longAgo.getTime() + LAST_USED_EVERY_MS
    )
  })

  test('a revoked or expired token, or one of a deleted account, is refused though it was just used', async ({
    client,
  }) => {
    const session = await signIn()
    ;(await client.get('/api/users/me').bearerToken(session.token)).assertStatus(200)
    await db
      .from('auth_access_tokens')
      .where('tokenable_id', session.user.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    ;(await client.get('/api/users/me').bearerToken(session.token)).assertStatus(401)

    const other = await signIn()
    ;(await client.get('/api/users/me').bearerToken(other.token)).assertStatus(200)
    await db.from('users').where('id', other.user.id).delete()
    ;(await client.get('/api/users/me').bearerToken(other.token)).assertStatus(401)
  })

  test('users/me works the streak out when it was stored for another day, and reads it as stored the same day', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    const today = session.user.today()
    const yesterday = new Date(Date.now() - 86_400_000)
    const day = (date: Date) => session.user.today(date)
    await db.table('study_days').multiInsert([
      {
        user_id: session.user.id,
        day: day(new Date(Date.now() - 2 * 86_400_000)),
        cards_studied: 10,
      },
      { user_id: session.user.id, day: day(yesterday), cards_studied: 10 },
    ])
    await db
      .from('users')
      .where('id', session.user.id)
      .update({ streak_current: 0, streak_as_of: day(yesterday) })

    const first = await client.get('/api/users/me').bearerToken(session.token)
    first.assertStatus(200)
    assert.equal(first.body().streak.currentDuration, 2)
    assert.equal((await db.from('users').where('id', session.user.id).first()).streak_as_of, today)

    /* written behind the app's back: the stored streak of today stands until the day turns */
    await db.from('users').where('id', session.user.id).update({ streak_current: 7 })
    const second = await client.get('/api/users/me').bearerToken(session.token)
    assert.equal(second.body().streak.currentDuration, 7)
  })
})
