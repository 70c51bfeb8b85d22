import { test } from '@japa/runner'
import env from '#start/env'
import { makeUser, PASSWORD, resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop'

test.group("Web: the browser extension's sign-in", (group) => {
  group.each.setup(() => resetState())
  group.each.setup(() => {
    env.set('BROWSER_EXTENSION_ORIGIN', ORIGIN)
    return () => env.set('BROWSER_EXTENSION_ORIGIN', '')
  })

  test('/sign-in?extension=1 leads, once signed in, to the page that hands the extension its token', async ({
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    await web.get('/sign-in?extension=1')
    const response = await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
    assert.equal(response.location, '/extension/connected')
    const page = await web.visit('/extension/connected')
    assert.equal(page.component, 'extension/connected')
    assert.equal(page.props.origin, ORIGIN)
    /* someone signed in already goes straight there */
    assert.equal((await web.get('/sign-in?extension=1')).location, '/extension/connected')
  })

  test('the token is an API token of the signed-in learner; signed out there is none', async ({
    assert,
    client,
  }) => {
    const { user, web } = await signedIn()
    await web.get('/extension/connected')
    const response = await web.post('/extension/token', {})
    assert.equal(response.status, 200)
    const { token } = JSON.parse(response.text)
    const me = await client.get('/api/users/me').bearerToken(token)
    me.assertStatus(200)
    assert.equal(me.body().id, user.id)
    /* signed out: the sign-in page, no token */
    const anonymous = await new WebSession().post('/extension/token', {})
    assert.equal(anonymous.status, 302)
  })

  test('with no extension configured the page says so and no token is made', async ({ assert }) => {
    env.set('BROWSER_EXTENSION_ORIGIN', '')
    const { web } = await signedIn()
    assert.isNull((await web.visit('/extension/connected')).props.origin)
    const refused = await web.post('/extension/token', {})
    assert.equal(refused.status, 404)
    assert.notInclude(refused.text, '"token"')
  })
})
