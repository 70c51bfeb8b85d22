import { test } from '@japa/runner'
import { linkIn, PASSWORD, resetState, tokenFor, waitForMail } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

const NEW_PASSWORD = 'brand-new-pass-1'

/** Another browser of the same learner, signed in through the form. */
async function secondBrowser(email: string, password = PASSWORD) {
  const web = new WebSession()
  await web.get('/sign-in')
  const response = await web.post('/sign-in', { email, password })
  if (response.location !== '/')
    throw new Error(`sign-in failed: ${response.status} ${response.location}`)
  return web
}

/** Who the browser is signed in as, by the account page (a redirect to sign-in when nobody). */
async function accountOf(web: WebSession) {
  const response = await web.get('/account')
  if (response.status !== 200)
    return {
      signedOut: response.status === 302 && /^\/sign-in/.test(response.location ?? ''),
      id: null,
    }
  return { signedOut: false, id: WebSession.page(response.text).props.user.id as number }
}

test.group('Web sessions end with a password change or reset', (group) => {
  group.each.setup(() => resetState())

  test('a change on the web keeps this browser signed in and signs every other browser out', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const laptop = await secondBrowser('ana@example.test')
    assert.equal((await accountOf(laptop)).id, user.id)

    const change = await web.put('/account/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    assert.equal(change.status, 302)

    assert.equal((await accountOf(web)).id, user.id)
    assert.equal((await web.visit('/')).props.user.id, user.id)
    assert.deepEqual(await accountOf(laptop), { signedOut: true, id: null })
    /* the page it lands on knows nobody is signed in */
    assert.isNull((await laptop.visit('/')).props.user)
    /* and a form it still holds is refused, not carried out */
    const late = await laptop.put('/account/profile', { name: 'Someone else' })
    assert.notEqual(late.status, 200)
    assert.match(late.location ?? '', /sign-in/)

    /* signing in again with the new password is a fresh, working session */
    const again = await secondBrowser('ana@example.test', NEW_PASSWORD)
    assert.equal((await accountOf(again)).id, user.id)
    assert.equal((await accountOf(web)).id, user.id)
  })

  test('a change through the API signs every web session out', async ({ client, assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const laptop = await secondBrowser('ana@example.test')
    const token = await tokenFor(user)

    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .json({
        user: {
          current_password: PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      })
    response.assertStatus(200)

    assert.deepEqual(await accountOf(web), { signedOut: true, id: null })
    assert.deepEqual(await accountOf(laptop), { signedOut: true, id: null })
    /* the token that made the change stays valid */
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
  })

  test('a reset (done signed out) signs every web session out', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const laptop = await secondBrowser('ana@example.test')

    const visitor = new WebSession()
    await visitor.get('/forgot-password')
    await visitor.post('/forgot-password', { email: 'ana@example.test' })
    const path = new URL(linkIn((await waitForMail('ana@example.test')).text, '/reset-password'))
      .pathname
    await visitor.get(path)
    const reset = await visitor.post(path, {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    assert.equal(reset.location, '/reset-password/success')

    assert.deepEqual(await accountOf(web), { signedOut: true, id: null })
    assert.deepEqual(await accountOf(laptop), { signedOut: true, id: null })
    assert.equal(
      (await accountOf(await secondBrowser('ana@example.test', NEW_PASSWORD))).id,
      user.id
    )
  })

  test('signing out and in, or changing the profile, ends no other session', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const laptop = await secondBrowser('ana@example.test')
    await web.put('/account/profile', { name: 'Ana Lima' })
    await web.post('/sign-out')
    await secondBrowser('ana@example.test')
    assert.equal((await accountOf(laptop)).id, user.id)
  })
})
