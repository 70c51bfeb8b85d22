import { test } from '@japa/runner'
import { createDeck } from '#actions/decks/create_deck'
import SettingsController from '#controllers/settings/settings_controller'
import User from '#models/user'
import { IDENTITY_PORT, nextGoogleUser, signIdentityToken } from '#tests/support/identity_server'
import { linkIn, makeUser, PASSWORD, resetState, waitForMail } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

const page = (html: string) => WebSession.page(html)

/** A signed-out visitor asks for `path`; answers where the sign-in page sends them. */
async function askSignedOut(web: WebSession, path: string) {
  const refused = await web.get(path)
  assert302(refused.status)
  const signIn = refused.location!
  const shown = await web.get(signIn)
  if (shown.status !== 200) throw new Error(`${signIn} answered ${shown.status}`)
  return signIn
}
const assert302 = (status: number) => {
  if (status !== 302) throw new Error(`expected a redirect, got ${status}`)
}

test.group('Web: pages built for a session are never stored', (group) => {
  group.each.setup(() => resetState())

  test('every page answers Cache-Control: no-store, signed in or out, the 404 too', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Private' })
    for (const path of [
      '/',
      `/decks/${deck.id}`,
      '/account',
      '/settings',
      '/statistics',
      '/no/such/page',
    ]) {
      const response = await web.get(path)
      assert.equal(response.headers.get('cache-control'), 'no-store', path)
    }
    const visitor = new WebSession()
    for (const path of ['/', '/sign-in'])
      assert.equal((await visitor.get(path)).headers.get('cache-control'), 'no-store', path)
    /* the sign-out's redirect too, and the page after it tells the browser to forget its history */
    const out = await web.post('/sign-out')
    assert.equal(out.headers.get('cache-control'), 'no-store')
    const landing = page((await web.get('/')).text)
    assert.isTrue(landing.clearHistory)
    assert.isTrue(landing.encryptHistory)
    assert.isUndefined(page((await web.get('/')).text).clearHistory, 'once')
  })
})

test.group('Web: status pages know the user', (group) => {
  group.each.setup(() => resetState())

  test('the 404 page of a signed-in learner shows them signed in, in their language', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    user.locale = 'de'
    await user.save()
    const response = await web.get('/no/such/page')
    assert.equal(response.status, 404)
    const notFound = page(response.text)
    assert.equal(notFound.component, 'errors/not_found')
    assert.equal(notFound.props.user.email, 'ana@example.test')
    assert.equal(notFound.props.locale, 'de')
    assert.include(response.text, 'Abmelden', 'the server-rendered nav offers to log out')
    assert.notInclude(response.text, '>Anmelden<')

    /* a deck that is not theirs is the same 404, also signed in */
    const other = await makeUser()
    const theirs = await createDeck(other, { name: 'Theirs' })
    assert.equal(
      page((await web.get(`/decks/${theirs.id}`)).text).props.user.email,
      'ana@example.test'
    )
  })

  test('the 500 page of a signed-in learner shows them signed in', async ({ assert, cleanup }) => {
    const { web } = await signedIn('ana@example.test')
    const original = SettingsController.prototype.show
    SettingsController.prototype.show = async () => {
      throw new Error('the settings broke')
    }
    cleanup(() => {
      SettingsController.prototype.show = original
    })
    const response = await web.get('/settings')
    assert.equal(response.status, 500)
    const broken = page(response.text)
    assert.equal(broken.component, 'errors/server_error')
    assert.equal(broken.props.user.email, 'ana@example.test')
    assert.notInclude(response.text, 'the settings broke')
  })
})

test.group('Web: signing in returns to the page asked for', (group) => {
  group.each.setup(() => resetState())

  test('the redirect to sign-in keeps path and query; the password form returns there', async ({
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    const signIn = await askSignedOut(web, '/decks/12?tab=cards&page=2')
    assert.equal(signIn, `/sign-in?next=${encodeURIComponent('/decks/12?tab=cards&page=2')}`)
    const response = await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
    assert.equal(response.location, '/decks/12?tab=cards&page=2')
    /* once: the next sign-in goes home */
    await web.post('/sign-out')
    await web.get('/sign-in')
    assert.equal(
      (await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })).location,
      '/'
    )
  })

  test('a wrong password keeps the page asked for', async ({ assert }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    await askSignedOut(web, '/account')
    const wrong = await web.post('/sign-in', {
      email: 'ana@example.test',
      password: 'not-the-password',
    })
    const back = new URL(wrong.location!, web.base)
    assert.equal(back.pathname, '/sign-in')
    await web.get(`${back.pathname}${back.search}`)
    assert.equal(
      (await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })).location,
      '/account'
    )
  })

  test('only a path of this site: other sites and tricks are refused and lead home', async ({
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test' })
    const tricks = [
      '//evil.example',
      '//evil.example/decks',
      'https://evil.example',
      'https://evil.example/decks/1',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'evil.example',
    ]
    for (const next of tricks) {
      const web = new WebSession()
      const shown = await web.get(`/sign-in?next=${encodeURIComponent(next)}`)
      assert.equal(shown.status, 200, next)
      const response = await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
      assert.equal(response.location, '/', next)
      /* signed in already: the sign-in page sends on, but never away */
      const again = await web.get(`/sign-in?next=${encodeURIComponent(next)}`)
      assert.equal(again.location, '/', next)
    }
    const web = new WebSession()
    await web.get('/sign-in')
    await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
    assert.equal(
      (await web.get(`/sign-in?next=${encodeURIComponent('/decks/3?tab=cards')}`)).location,
      '/decks/3?tab=cards'
    )
  })

  test('the plain sign-in page forgets a page asked for earlier', async ({ assert }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    await askSignedOut(web, '/account')
    await web.get('/sign-in')
    assert.equal(
      (await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })).location,
      '/'
    )
  })

  test('signing up, the e-mailed link, Google and Apple return there too', async ({
    client,
    assert,
  }) => {
    /* a new account */
    const newcomer = new WebSession()
    await askSignedOut(newcomer, '/statistics?range=month')
    await newcomer.get('/sign-up')
    const signUp = await newcomer.post('/sign-up', {
      name: 'Nia',
      email: 'nia@example.test',
      password: 'a-long-password-1',
      password_confirmation: 'a-long-password-1',
    })
    assert.equal(signUp.location, '/statistics?range=month')

    /* the e-mailed sign-in link, opened in the same browser */
    const user = await makeUser({ email: 'ana@example.test' })
    const byLink = new WebSession()
    await askSignedOut(byLink, '/account')
    await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', email: 'ana@example.test' })
    const path = new URL(linkIn((await waitForMail('ana@example.test')).text, '/auth/link'))
      .pathname
    await byLink.get(path)
    const linked = await byLink.post(path)
    assert.equal(linked.location, '/account')
    assert.equal(page((await byLink.get('/account')).text).props.user.id, user.id)

    /* Google: out to the provider and back */
    nextGoogleUser({ sub: 'g-return', email: 'gus@gmail.test', name: 'Gus' })
    const google = new WebSession()
    await askSignedOut(google, '/decks/archived')
    const out = await google.get('/auth/google/redirect')
    const consent = await fetch(out.location!, { redirect: 'manual' })
    const callback = await google.get(
      new URL(consent.headers.get('location')!).pathname +
        new URL(consent.headers.get('location')!).search
    )
    assert.equal(callback.location, '/decks/archived')

    /* Apple: posts its form back */
    const apple = new WebSession()
    await askSignedOut(apple, '/streak')
    const authorize = new URL((await apple.get('/auth/apple/redirect')).location!)
    assert.equal(authorize.origin, `http://127.0.0.1:${IDENTITY_PORT}`)
    const idToken = await signIdentityToken('apple', {
      sub: 'apple-return',
      email: 'ava@icloud.test',
      aud: 'app.mnemo.test.web',
    })
    const posted = await apple.request('POST', '/auth/apple/callback', {
      state: authorize.searchParams.get('state'),
      code: 'c',
      id_token: idToken,
    })
    assert.equal(posted.location, '/streak')
    assert.isNotNull(await User.findBy('email', 'ava@icloud.test'))
  })

  test('forms and JSON calls from a signed-out visitor are refused as before', async ({
    assert,
  }) => {
    const visitor = new WebSession()
    await visitor.get('/sign-in')
    const posted = await visitor.post('/decks', { deck: { name: 'x' } })
    assert.equal(posted.location, '/sign-in')
    const json = await fetch(`${visitor.base}/decks/1/algorithm`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
    })
    assert.equal(json.status, 401)
  })
})
