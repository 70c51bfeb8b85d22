import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { readOutbox } from '#services/mail/outbox_transport'
import { outboxDirectory } from '#config/mail'
import {
  assertErrorBody,
  linkIn,
  makeUser,
  PASSWORD,
  resetState,
  tokenFor,
  waitForMail,
} from '#tests/support/helpers'
import { jobsSettled } from '#tests/support/queue'

const tokenOf = (link: string) => link.split('/').pop()!

test.group('API password reset', (group) => {
  group.each.setup(() => resetState())

  test('the e-mailed single-use link sets a new password and signs out every device', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const oldToken = await tokenFor(user)
    const request = await client
      .post('/api/auth/reset-password')
      .json({ email: 'Ana@example.test' })
    request.assertStatus(202)

    const mail = await waitForMail('ana@example.test')
    assert.equal(mail.subject, 'Reset your Mnemo password')
    const token = tokenOf(linkIn(mail.text, '/reset-password'))

    ;(await client.get(`/api/auth/reset-password/${token}`)).assertBody({ valid: true })
    const reset = await client
      .put(`/api/auth/reset-password/${token}`)
      .json({ password: 'brand-new-pass', token })
    reset.assertStatus(200)

    ;(await client.post('/api/tokens/validate').bearerToken(oldToken)).assertStatus(401)
    const login = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: 'brand-new-pass' } })
    login.assertStatus(200)
    const oldPassword = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'ana@example.test', password: PASSWORD } })
    oldPassword.assertStatus(400)
  })

  test('a reused link is expired', async ({ client, assert }) => {
    await makeUser({ email: 'ana@example.test' })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    const token = tokenOf(linkIn((await waitForMail('ana@example.test')).text, '/reset-password'))
    ;(
      await client.put(`/api/auth/reset-password/${token}`).json({ password: 'brand-new-pass' })
    ).assertStatus(200)

    const again = await client
      .put(`/api/auth/reset-password/${token}`)
      .json({ password: 'another-pass-1' })
    again.assertStatus(410)
    assertErrorBody(assert, again.body(), 'E_LINK_EXPIRED')
    assert.equal(again.body().title, 'Link expired')
    ;(await client.get(`/api/auth/reset-password/${token}`)).assertStatus(410)
  })

  test('an expired link is refused, and so is an unknown one', async ({ client, assert }) => {
    await makeUser({ email: 'ana@example.test' })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    const token = tokenOf(linkIn((await waitForMail('ana@example.test')).text, '/reset-password'))
    await db
      .from('one_time_tokens')
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    const expired = await client
      .put(`/api/auth/reset-password/${token}`)
      .json({ password: 'brand-new-pass' })
    expired.assertStatus(410)
    assertErrorBody(assert, expired.body(), 'E_LINK_EXPIRED')
    ;(await client.get('/api/auth/reset-password/not-a-real-token')).assertStatus(410)
  })

  test('a newer link replaces the older one', async ({ client }) => {
    await makeUser({ email: 'ana@example.test' })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    const first = tokenOf(linkIn((await waitForMail('ana@example.test')).text, '/reset-password'))
    await db
      .from('one_time_tokens')
      .update({ created_at: DateTime.now().minus({ minutes: 5 }).toJSDate() })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    ;(await client.get(`/api/auth/reset-password/${first}`)).assertStatus(410)
  })

  test('an unknown address gets the same answer and no mail', async ({ client, assert }) => {
    const response = await client
      .post('/api/auth/reset-password')
      .json({ email: 'nobody@example.test' })
    response.assertStatus(202)
    response.assertBody({ sent: true })
    await jobsSettled()
    assert.lengthOf(await readOutbox(outboxDirectory), 0)
  })

  test('the new password follows the password rules', async ({ client, assert }) => {
    await makeUser({ email: 'ana@example.test' })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    const token = tokenOf(linkIn((await waitForMail('ana@example.test')).text, '/reset-password'))
    const short = await client.put(`/api/auth/reset-password/${token}`).json({ password: 'short' })
    short.assertStatus(422)
    assert.equal(short.body().errors[0].rule, 'passwordTooShort')
    ;(await client.get(`/api/auth/reset-password/${token}`)).assertStatus(200)
  })

  test('reset requests for one address are rate limited', async ({ client, assert }) => {
    for (let i = 0; i < 3; i++)
      (
        await client.post('/api/auth/reset-password').json({ email: 'x@example.test' })
      ).assertStatus(202)
    const blocked = await client.post('/api/auth/reset-password').json({ email: 'x@example.test' })
    blocked.assertStatus(429)
    assertErrorBody(assert, blocked.body(), 'E_TOO_MANY_REQUESTS')
  })

  test('the reset mail is written in the language of the request', async ({ client, assert }) => {
    await makeUser({ email: 'ana@example.test' })
    await client
      .post('/api/auth/reset-password')
      .header('accept-language', 'fr')
      .json({ email: 'ana@example.test' })
    const mail = await waitForMail('ana@example.test')
    assert.notEqual(mail.subject, 'Reset your Mnemo password')
    assert.include(mail.subject, 'Mnemo')
  })
})
