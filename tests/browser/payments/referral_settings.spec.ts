/// <reference lib="dom" />
import { test } from '@japa/runner'
import env from '#start/env'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'

/* Cello's loader, stood in for: boot records what it was given, Cello('open') what was asked */
const CELLO_STAND_IN = `
const api = { boot: async (options) => { window.__celloBoot = options } }
const queued = (window.cello && window.cello.cmd) || []
window.cello = { cmd: { push: (command) => command(api) } }
for (const command of queued) command(api)
window.Cello = (action) => { window.__celloOpened = action }
`

test.group('Refer and get rewards in the settings', (group) => {
  group.each.setup(() => resetState())

  test(
    'a learner with an account opens the referral programme from the settings; it says so when the programme ' +
      'cannot load',
    async ({ visit, assert }) => {
      await makeUser({ email: 'ana@example.test' })
      const page = await hydrated(await visit('/sign-in'))
      let blocked = true
      await page.route('https://assets.cello.so/**', (route) =>
        blocked
          ? route.abort()
          : route.fulfill({ status: 200, contentType: 'text/javascript', body: CELLO_STAND_IN })
      )
      await signInWithForm(page, 'ana@example.test')
      await open(page, '/settings')
      const section = page.getByRole('region', { name: 'Refer and get rewards' })
      await section
        .getByText('Invite your friends to Mnemo and earn rewards when they join.')
        .waitFor()

      /* the script blocked: the section says the programme could not be opened */
      await section.getByRole('button', { name: 'Invite friends' }).click()
      await section.getByRole('alert').filter({ hasText: 'could not be opened' }).waitFor()

      /* on the next page (a new try): the programme boots with the learner's token and opens */
      blocked = false
      await open(page, '/settings')
      const tokenAsked = page.waitForResponse(
        (response) =>
          response.url().endsWith('/account/referral_token') && response.status() === 200
      )
      await section.getByRole('button', { name: 'Invite friends' }).click()
      await tokenAsked
      await page.waitForFunction(() => (window as any).__celloOpened === 'open')
      const boot = await page.evaluate(() => (window as any).__celloBoot)
      assert.equal(boot.productId, 'mnemo.test')
      assert.equal(boot.language, 'en')
      assert.isString(boot.token)
      assert.equal(await section.getByRole('alert').count(), 0)
    }
  )

  test('no section for a guest, nor where the programme is not configured', async ({
    visit,
    assert,
  }) => {
    const page = await hydrated(await visit('/get-started'))
    await page.getByRole('button', { name: 'Continue without an account' }).click()
    await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
    await open(page, '/settings')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    assert.equal(
      await page.getByRole('heading', { name: 'Refer and get rewards' }).count(),
      0,
      'a guest'
    )

    await makeUser({ email: 'ana@example.test' })
    await page.context().clearCookies()
    await open(page, '/sign-in')
    await signInWithForm(page, 'ana@example.test')
    const productId = env.get('CELLO_PRODUCT_ID')
    env.set('CELLO_PRODUCT_ID', '')
    try {
      await open(page, '/settings')
      await page.getByRole('heading', { name: 'Settings' }).waitFor()
      assert.equal(
        await page.getByRole('heading', { name: 'Refer and get rewards' }).count(),
        0,
        'not configured'
      )
    } finally {
      env.set('CELLO_PRODUCT_ID', productId ?? '')
    }
    await open(page, '/settings')
    await page.getByRole('heading', { name: 'Refer and get rewards' }).waitFor()
  })
})
