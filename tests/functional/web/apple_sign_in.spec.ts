import { test } from '@japa/runner'
import SocialAccount from '#models/social_account'
import User from '#models/user'
import { IDENTITY_PORT, signIdentityToken } from '#tests/support/identity_server'
import { resetState } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

test.group('Web: Sign in with Apple', (group) => {
  group.each.setup(() => resetState())

  async function authorize(web: WebSession) {
    const redirect = await web.get('/auth/apple/redirect')
    const url = new URL(redirect.location!)
    ensure(url.origin + url.pathname === `http://127.0.0.1:${IDENTITY_PORT}/apple/authorize`)
    ensure(url.searchParams.get('response_mode') === 'form_post')
    return url.searchParams.get('state')!
  }
  const ensure = (ok: boolean) => {
    if (!ok) throw new Error('unexpected Apple authorize URL')
  }

  test('Apple posts the identity token back; the account is created and signed in', async ({
    assert,
  }) => {
    const web = new WebSession()
    const state = await authorize(web)
    const idToken = await signIdentityToken('apple', {
      sub: 'apple-web-1',
      email: 'bea@icloud.test',
      aud: 'app.mnemo.test.web',
    })
    const callback = await web.request('POST', '/auth/apple/callback', {
      state,
      code: 'c-1',
      id_token: idToken,
      user: JSON.stringify({ name: { firstName: 'Bea', lastName: 'Souza' } }),
    })
    /* a new account starts with the onboarding */
    assert.equal(callback.location, '/onboarding')
    const user = await User.findByOrFail('email', 'bea@icloud.test')
    assert.equal(user.name, 'Bea Souza')
    assert.equal((await web.visit('/')).props.user.id, user.id)
  })

  test('a callback with the wrong state or a forged token signs nobody in', async ({ assert }) => {
    const web = new WebSession()
    const state = await authorize(web)
    const forged = await signIdentityToken(
      'apple',
      { sub: 'apple-evil', aud: 'app.mnemo.test.web' },
      { foreignKey: true }
    )
    const wrongState = await web.request('POST', '/auth/apple/callback', {
      state: 'guess',
      id_token: await signIdentityToken('apple', { sub: 'x' }),
    })
    assert.equal(wrongState.location, '/sign-in')
    const badToken = await web.request('POST', '/auth/apple/callback', { state, id_token: forged })
    assert.notEqual(badToken.location, '/')
    assert.equal(
      await SocialAccount.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
    assert.isNull((await web.visit('/')).props.user)
  })
})
