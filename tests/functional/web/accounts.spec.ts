import { test } from '@japa/runner'
import User from '#models/user'
import { linkIn, makeUser, PASSWORD, resetState, waitForMail } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

test.group('Web: pages and sessions', (group) => {
  group.each.setup(() => resetState())

  test('CSRF protection is on for the web forms', async ({ assert }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    await web.get('/sign-in')
    const forged = await web.post(
      '/sign-in',
      { email: 'ana@example.test', password: PASSWORD },
      { csrf: false }
    )
    assert.match(forged.location!, /\/sign-in$/)
    const page = await web.visit('/sign-in')
    assert.equal(page.props.flash.error, 'This page has expired. Please try again.')
    assert.isNull(page.props.user)

    const real = await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
    assert.equal(real.location, '/')
    assert.equal((await web.visit('/')).props.user.email, 'ana@example.test')
  })

  test('pages are rendered on the server with the shared props', async ({ assert }) => {
    const response = await new WebSession().get('/sign-in')
    assert.equal(response.status, 200)
    assert.include(response.text, 'Welcome back')
    const page = WebSession.page(response.text)
    assert.equal(page.component, 'auth/sign_in')
    assert.equal(page.props.locale, 'en')
    assert.equal(page.props.theme, 'system')
    assert.deepEqual(page.props.themes, ['light', 'dark', 'system', 'autumn', 'pink'])
  })

  test('an unknown page is the 404 page with a way home', async ({ assert }) => {
    const response = await new WebSession().get('/no/such/page')
    assert.equal(response.status, 404)
    assert.equal(WebSession.page(response.text).component, 'errors/not_found')
    assert.include(response.text, 'Back to homepage')
  })

  test('the language comes from the user, else the cookie, else Accept-Language', async ({
    assert,
  }) => {
    const german = await new WebSession({ 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' }).get(
      '/sign-in'
    )
    assert.include(german.text, '<html lang="de"')
    const japanese = await new WebSession({ 'accept-language': 'ja' }).get('/sign-in')
    assert.include(japanese.text, '<html lang="en"')

    const visitor = new WebSession({ 'accept-language': 'de' })
    await visitor.get('/settings')
    await visitor.put('/settings/language', { locale: 'fr' })
    assert.include((await visitor.get('/settings')).text, '<html lang="fr"')

    const { user, web } = await signedIn()
    await web.put('/settings/language', { locale: 'es' })
    await user.refresh()
    assert.equal(user.locale, 'es')
    web.cookies.delete('locale')
    assert.include((await web.get('/')).text, '<html lang="es"')
  })

  test('the theme choice is kept on the user and served with the page', async ({ assert }) => {
    const { user, web } = await signedIn()
    await web.put('/settings/appearance', { theme: 'pink' })
    await user.refresh()
    assert.equal(user.theme, 'pink')
    assert.include((await web.get('/')).text, 'data-theme="pink"')
    const bad = await web.put('/settings/appearance', { theme: 'neon' })
    assert.equal(bad.status, 302)
    await user.refresh()
    assert.equal(user.theme, 'pink')
  })

  test('account pages and actions need a signed-in user', async ({ assert }) => {
    await makeUser({ username: 'victim' })
    const web = new WebSession()
    await web.get('/sign-in')
    for (const [method, path, body] of [
      ['GET', '/account', undefined],
      ['PUT', '/account/profile', { name: 'X', username: 'x', email: 'x@x.test' }],
      [
        'PUT',
        '/account/password',
        { password: 'whatever-123', password_confirmation: 'whatever-123' },
      ],
      ['DELETE', '/account', { confirmation: 'victim' }],
      ['DELETE', '/account/social/google', {}],
    ] as const) {
      const response = await web.request(method, path, body as any)
      assert.equal(response.status, 302, `${method} ${path}`)
      /* a page visit names itself, so that signing in returns there */
      assert.equal(
        response.location,
        method === 'GET' ? `/sign-in?next=${encodeURIComponent(path)}` : '/sign-in',
        `${method} ${path}`
      )
    }
    assert.isNotNull(await User.findBy('username', 'victim'))
  })

  test('the web still asks for the username typed before deleting the account', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    await web.get('/account')
    for (const body of [{}, { confirmation: 'not-me' }]) {
      const refused = await web.delete('/account', body)
      assert.equal(refused.status, 302, JSON.stringify(body))
      assert.isNotNull(await User.find(user.id), JSON.stringify(body))
    }
    const deleted = await web.delete('/account', { confirmation: user.username! })
    assert.equal(deleted.status, 302)
    assert.isNull(await User.find(user.id))
  })

  test('a signed-in user edits their own profile only', async ({ assert }) => {
    const other = await makeUser({ username: 'other.user' })
    const { user, web } = await signedIn()
    await web.get('/account')
    const taken = await web.put('/account/profile', {
      name: 'Ana',
      username: 'Other.User',
      email: 'ana@example.test',
    })
    assert.equal(taken.status, 302)
    const page = await web.visit('/account')
    assert.equal(page.props.errors.username, 'This username is taken')

    await web.put('/account/profile', {
      name: 'Ana Maria',
      username: 'ana.maria',
      email: 'ana@example.test',
    })
    await user.refresh()
    await other.refresh()
    assert.equal(user.username, 'ana.maria')
    assert.equal(other.username, 'other.user')
  })

  test('a guest made on the web keeps the same account when signing up', async ({ assert }) => {
    const web = new WebSession()
    await web.get('/get-started')
    await web.post('/guest')
    const guest = (await web.visit('/')).props.user
    assert.isTrue(guest.isGuest)

    await web.get('/sign-up')
    const signUp = await web.post('/sign-up', {
      name: 'Ana Lima',
      email: 'ana@example.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    })
    assert.equal(signUp.location, '/')
    const user = await User.findByOrFail('email', 'ana@example.test')
    assert.equal(user.id, guest.id)
    assert.equal(user.provider, 'email')
  })

  test('sign-up shows the spec messages next to the fields', async ({ assert }) => {
    const web = new WebSession()
    await web.get('/sign-up')
    await web.post('/sign-up', {
      name: 'A',
      email: 'ana@example.test',
      password: 'short',
      password_confirmation: 'other',
    })
    const errors = (await web.visit('/sign-up')).props.errors
    assert.equal(errors.name, 'Name too short')
    assert.equal(errors.password, 'Password must be at least 8 characters long')
  })

  test('a burst of failed web sign-ins is refused with a message', async ({ assert }) => {
    await makeUser({ email: 'ana@example.test' })
    const web = new WebSession()
    await web.get('/sign-in')
    for (let i = 0; i < 6; i++)
      await web.post('/sign-in', { email: 'ana@example.test', password: 'wrong-password' })
    const page = await web.visit('/sign-in')
    assert.equal(page.props.flash.error, 'Too many attempts')
    const right = await web.post('/sign-in', { email: 'ana@example.test', password: PASSWORD })
    assert.match(right.location!, /\/sign-in$/)
    assert.isNull((await web.visit('/')).props.user)
  })
})

test.group('Web: e-mailed sign-in link', (group) => {
  group.each.setup(() => resetState())

  test('opening the link spends nothing; the button signs in once', async ({ client, assert }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'web_to_app', email: 'ana@example.test' })
    const path = new URL(linkIn((await waitForMail('ana@example.test')).text, '/auth/link'))
      .pathname

    const web = new WebSession()
    for (let i = 0; i < 2; i++) assert.equal((await web.visit(path)).component, 'auth/login_link')
    const signIn = await web.post(path)
    assert.equal(signIn.location, '/')
    assert.equal((await web.visit('/')).props.user.id, user.id)
    assert.equal((await web.visit(path)).component, 'auth/link_expired')
  })
})
