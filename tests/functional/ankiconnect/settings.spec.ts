import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { anki } from '#tests/functional/ankiconnect/support'

/*
 * Settings show the learner's AnkiConnect key with the address to paste,
 * and make a new one (the old one stops working); signed out there is
 * nothing to show and nothing to renew.
 */

test.group('AnkiConnect: the key in settings', (group) => {
  group.each.setup(() => resetState())

  test('settings make, show and renew the key; the shown key opens the door', async ({
    client,
    assert,
  }) => {
    const { web } = await signedIn()
    let page = await web.visit('/settings')
    assert.equal(page.props.ankiconnect.key, null)
    assert.match(page.props.ankiconnect.url, /\/ankiconnect$/)

    const made = await web.post('/settings/ankiconnect_key')
    assert.equal(made.status, 302)
    page = await web.visit('/settings')
    const first = page.props.ankiconnect.key
    assert.isString(first)
    assert.deepEqual(await anki(client, first, 'version'), { result: 6, error: null })

    await web.post('/settings/ankiconnect_key')
    page = await web.visit('/settings')
    const second = page.props.ankiconnect.key
    assert.notEqual(second, first)
    assert.equal((await anki(client, first, 'version')).error, 'valid api key must be provided')
    assert.deepEqual(await anki(client, second, 'version'), { result: 6, error: null })
  })

  test('signed out: no key shown, renewing needs a session', async ({ assert }) => {
    const web = new WebSession()
    const page = await web.visit('/settings')
    assert.isNull(page.props.ankiconnect)
    const refused = await web.post('/settings/ankiconnect_key')
    assert.equal(refused.status, 302)
    assert.match(refused.location ?? '', /^\/sign-in/)
    assert.equal((await db.from('ankiconnect_keys').count('* as n').first()).n, 0)
  })
})
