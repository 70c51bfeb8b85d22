import { test } from '@japa/runner'
import env from '#start/env'
import { defaultAppUrl } from '#config/app'
import { linkIn, makeUser, resetState, waitForMail } from '#tests/support/helpers'

test.group('E-mails', (group) => {
  group.each.setup(() => resetState())

  test('the plain-text part greets by name as typed, with no HTML entities', async ({
    client,
    assert,
  }) => {
    await makeUser({ email: 'zoe@example.test', name: 'Zoë O\'Neil-Smith & "Co"' })
    ;(
      await client.post('/api/auth/reset-password').json({ email: 'zoe@example.test' })
    ).assertStatus(202)
    const mail = await waitForMail('zoe@example.test')
    assert.include(mail.text, 'Hi Zoë O\'Neil-Smith & "Co",')
    assert.notMatch(mail.text, /&(#x?[0-9a-f]+|amp|quot|lt|gt);/i)
    /* the HTML part still escapes */
    assert.include(mail.html, 'O&#x27;Neil-Smith &amp; &quot;Co&quot;')
  })

  test('links lead to the server that sent them: with no APP_URL, its HOST and PORT', async ({
    client,
    assert,
  }) => {
    assert.isNotOk(env.get('APP_URL'))
    await makeUser({ email: 'ana@example.test' })
    await client.post('/api/auth/reset-password').json({ email: 'ana@example.test' })
    const link = linkIn((await waitForMail('ana@example.test')).text, '/reset-password')
    assert.isTrue(link.startsWith(`http://localhost:${env.get('PORT')}/reset-password/`))
    /* followed as written, over real HTTP, the link opens the new-password page */
    const page = await fetch(link)
    assert.equal(page.status, 200)
    assert.include(await page.text(), 'reset_password')
  })

  test('a wildcard HOST is reached through localhost; an IPv6 host is bracketed', ({ assert }) => {
    assert.equal(defaultAppUrl('0.0.0.0', 4000), 'http://localhost:4000')
    assert.equal(defaultAppUrl('::', 4000), 'http://localhost:4000')
    assert.equal(defaultAppUrl('127.0.0.1', 3420), 'http://127.0.0.1:3420')
    assert.equal(defaultAppUrl('::1', 3420), 'http://[::1]:3420')
    assert.equal(defaultAppUrl(), 'http://localhost:3333')
  })
})
