import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

/*
 * A request that holds a connection (its transaction) and asks the pool for
 * a second one waits for a connection that only requests like itself could
 * give back: with as many of them as the pool has connections, every one
 * waits until the pool's acquire timeout, and so does everybody else.
 * Twice the pool size at once, each must succeed; a stall fails these tests
 * by their own timeout, which is below the pool's acquire timeout.
 */
const POOL_SIZE = db.manager.get(db.primaryConnectionName)!.config.pool!.max!
const PARALLEL = POOL_SIZE * 2
const STALL_FAILS_WITHIN_MS = 30_000

test.group('Parallel sign-ups and username changes', (group) => {
  group.each.setup(() => resetState())

  test('pool size × 2 sign-ups at once all succeed with unique usernames, and others are served meanwhile', async ({
    client,
    assert,
  }) => {
    assert.isAbove(POOL_SIZE, 0)
    const bystander = await makeUser()
    const bystanderToken = await tokenFor(bystander)

    /* one name for all, so every sign-up also races for the same username */
    const signUps = Array.from({ length: PARALLEL }, (_, index) =>
      client.post('/api/authentication/register_with_email_and_pass').json({
        user: { email: `ana${index}@example.test`, password: 'long-enough-1', name: 'Ana Lima' },
      })
    )
    const unrelated = client.get('/api/decks').bearerToken(bystanderToken)
    const [answers, decks] = await Promise.all([Promise.all(signUps), unrelated])

    for (const answer of answers) assert.equal(answer.status(), 201, answer.text().slice(0, 300))
    decks.assertStatus(200)
    const usernames = answers.map((answer) => answer.body().user.username as string)
    assert.lengthOf(new Set(usernames.map((name) => name.toLowerCase())), PARALLEL)
    assert.include(usernames, 'ana.lima')
    const rows = await db
      .from('users')
      .whereLike('email', 'ana%@example.test')
      .count('* as n')
      .first()
    assert.equal(Number(rows.n), PARALLEL)
  }).timeout(STALL_FAILS_WITHIN_MS)

  test('pool size × 2 username changes at once all succeed, and others are served meanwhile', async ({
    client,
    assert,
  }) => {
    const users = await Promise.all(Array.from({ length: PARALLEL }, () => makeUser()))
    const tokens = await Promise.all(users.map((user) => tokenFor(user)))
    const bystander = await makeUser()
    const bystanderToken = await tokenFor(bystander)

    const changes = users.map((user, index) =>
      client
        .put(`/api/users/${user.id}`)
        .bearerToken(tokens[index])
        .json({ user: { username: `renamed.${index}` } })
    )
    const unrelated = client.get('/api/decks').bearerToken(bystanderToken)
    const [answers, decks] = await Promise.all([Promise.all(changes), unrelated])

    answers.forEach((answer, index) => {
      assert.equal(answer.status(), 200, answer.text().slice(0, 300))
      assert.equal(answer.body().username, `renamed.${index}`)
    })
    decks.assertStatus(200)
    const stored = await db
      .from('users')
      .whereIn(
        'id',
        users.map((user) => user.id)
      )
      .select('username')
    assert.lengthOf(new Set(stored.map((row) => row.username)), PARALLEL)
  }).timeout(STALL_FAILS_WITHIN_MS)

  test('pool size × 2 learners racing for one username: one gets it, the others a 422, none a 5xx', async ({
    client,
    assert,
  }) => {
    const users = await Promise.all(Array.from({ length: PARALLEL }, () => makeUser()))
    const tokens = await Promise.all(users.map((user) => tokenFor(user)))

    const answers = await Promise.all(
      users.map((user, index) =>
        client
          .put(`/api/users/${user.id}`)
          .bearerToken(tokens[index])
          .json({ user: { username: 'the.one' } })
      )
    )

    const statuses = answers.map((answer) => answer.status())
    assert.equal(statuses.filter((status) => status === 200).length, 1, JSON.stringify(statuses))
    assert.equal(
      statuses.filter((status) => status === 422).length,
      PARALLEL - 1,
      JSON.stringify(statuses)
    )
    for (const answer of answers.filter((one) => one.status() === 422))
      assert.equal(answer.body().code, 'E_USERNAME_TAKEN')
  }).timeout(STALL_FAILS_WITHIN_MS)
  test(
    '10 sign-ups at once with one address and password: one account, and each gets its token, none a 5xx ' +
      '(API); the web form makes one account too',
    async ({ client, assert }) => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          client.post('/api/authentication/register_with_email_and_pass').json({
            user: { email: 'same@example.test', password: 'long-enough-1', name: `Racer ${index}` },
          })
        )
      )
      /* the same e-mail and password sent at once is one sign-up sent again: every copy gets the one account */
      const made = await db.from('users').where('email', 'same@example.test').select('id')
      assert.lengthOf(made, 1)
      for (const answer of answers) {
        assert.equal(answer.status(), 201, answer.text().slice(0, 300))
        assert.equal(answer.body().user.id, made[0].id)
        const me = await client.get('/api/users/me').bearerToken(answer.body().token)
        me.assertStatus(200)
        assert.equal(me.body().id, made[0].id)
      }

      const browsers = Array.from({ length: 10 }, () => new WebSession())
      await Promise.all(browsers.map((web) => web.get('/sign-up')))
      const posted = await Promise.all(
        browsers.map((web) =>
          web.post('/sign-up', {
            name: 'Web Racer',
            email: 'web@example.test',
            password: 'long-enough-1',
            password_confirmation: 'long-enough-1',
          })
        )
      )
      /* every form answer is a redirect: onward for the one that made the account, back to the form for the rest */
      for (const answer of posted) assert.equal(answer.status, 302, answer.text.slice(0, 300))
      assert.equal(
        posted.filter((answer) => !/\/sign-up$/.test(answer.location ?? '')).length,
        1,
        JSON.stringify(posted.map((answer) => answer.location))
      )
      const rows = await db
        .from('users')
        .whereIn('email', ['same@example.test', 'web@example.test'])
        .count('* as n')
        .first()
      assert.equal(Number(rows.n), 2)
    }
  ).timeout(STALL_FAILS_WITHIN_MS)
})
