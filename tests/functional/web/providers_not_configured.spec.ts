import { test } from '@japa/runner'
import { appleWeb, googleWeb, identityProviders } from '#config/identity'
import { signIdentityToken } from '#tests/support/identity_server'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

/*
 * The tests configure Google and Apple (.env.test). The server runs in this
 * process: each test here takes a provider's configuration away, as a
 * server without those variables has it, and the teardown puts it back.
 */
const configured = {
  google: { ...googleWeb, audiences: [...identityProviders.google.audiences] },
  apple: { clientId: appleWeb.clientId, audiences: [...identityProviders.apple.audiences] },
}

function unconfigure(provider: 'google' | 'apple') {
  if (provider === 'google')
    Object.assign(googleWeb, { clientId: undefined, clientSecret: undefined })
  else appleWeb.clientId = undefined
  identityProviders[provider].audiences = []
}

function restore() {
  Object.assign(googleWeb, {
    clientId: configured.google.clientId,
    clientSecret: configured.google.clientSecret,
  })
  identityProviders.google.audiences = [...configured.google.audiences]
  appleWeb.clientId = configured.apple.clientId
  identityProviders.apple.audiences = [...configured.apple.audiences]
}

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

test.group('Google and Apple sign-in on a server without them', (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(() => restore())

  test('configured: the web redirects go to the provider with our client id', async ({
    assert,
  }) => {
    const google = await new WebSession().get('/auth/google/redirect')
    assert.equal(google.status, 302)
    assert.equal(new URL(google.location!).searchParams.get('client_id'), 'test-google-web-client')
    const apple = await new WebSession().get('/auth/apple/redirect')
    assert.equal(apple.status, 302)
    assert.equal(new URL(apple.location!).searchParams.get('client_id'), 'app.mnemo.test.web')
  })

  for (const provider of ['google', 'apple'] as const) {
    const name = provider === 'google' ? 'Google' : 'Apple'

    test(
      `${name} not configured: the web redirect and callback are a page saying so, in the ` +
        `visitor's language`,
      async ({ assert }) => {
        unconfigure(provider)
        const english = await new WebSession().get(`/auth/${provider}/redirect`)
        assert.equal(english.status, 503)
        assert.isNull(english.location)
        const page = WebSession.page(english.text)
        assert.equal(page.component, 'auth/provider_not_configured')
        assert.deepEqual(page.props.provider, provider)
        assert.include(main(english.text), `Sign-in with ${name} is not set up on this server`)
        assert.include(main(english.text), 'href="/sign-in"')

        const german = await new WebSession({ 'accept-language': 'de' }).get(
          `/auth/${provider}/redirect`
        )
        assert.include(
          main(german.text),
          `Die Anmeldung mit ${name} ist auf diesem Server nicht eingerichtet`
        )

        /* a callback that arrives anyway (a stale tab) says the same, and signs nobody in */
        const web = new WebSession()
        await web.get('/sign-in')
        const callback =
          provider === 'google'
            ? await web.get('/auth/google/callback?code=x&state=y')
            : await web.post('/auth/apple/callback', { state: 'y', id_token: 'x' })
        assert.equal(callback.status, 503)
        assert.equal(WebSession.page(callback.text).component, 'auth/provider_not_configured')
        assert.isNull((await web.visit('/')).props.user)
      }
    )

    test(`${name} not configured: connecting it from the account leads back to the account`, async ({
      assert,
    }) => {
      const { web } = await signedIn('ana@example.test')
      unconfigure(provider)
      const response = await web.get(`/auth/${provider}/redirect`)
      assert.equal(response.status, 503)
      assert.include(main(response.text), 'href="/account"')
      assert.isFalse((await web.visit('/account')).props.social[provider])
    })

    test(`${name} not configured: the API says so with E_PROVIDER_NOT_CONFIGURED, whatever the token`, async ({
      client,
      assert,
    }) => {
      unconfigure(provider)
      const token = await signIdentityToken(provider, {
        sub: `${provider}-1`,
        email: 'ana@example.test',
      })
      const body =
        provider === 'google'
          ? { kind: 'google', id_token: token }
          : { kind: 'apple', identity_token: token }
      const calls = [
        client
          .post('/api/authentication/login_with_provider')
          .json(body)
          .header('Accept-Language', 'fr'),
      ]
      if (provider === 'google')
        calls.push(
          client
            .post('/api/auth/google')
            .json({ credential: token })
            .header('Accept-Language', 'fr')
        )
      for (const response of await Promise.all(calls)) {
        response.assertStatus(503)
        assertErrorBody(assert, response.body(), 'E_PROVIDER_NOT_CONFIGURED')
        assert.equal(response.body().title, `La connexion avec ${name} n’est pas disponible`)
        assert.equal(
          response.body().body,
          `Aucun client ${name} n’est configuré sur ce serveur. Connecte-toi plutôt avec ton e-mail et ton mot ` +
            `de passe.`
        )
      }
    })

    test(`${name} configured: the API signs in with its token`, async ({ client }) => {
      const token = await signIdentityToken(provider, {
        sub: `${provider}-2`,
        email: 'bo@example.test',
      })
      const body =
        provider === 'google'
          ? { kind: 'google', id_token: token }
          : { kind: 'apple', identity_token: token }
      ;(await client.post('/api/authentication/login_with_provider').json(body)).assertStatus(200)
    })
  }
})
