/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { stripeObject } from '#tests/functional/api/payments/support'
import { useStripeJsStandIn } from '#tests/support/stripe_server'
import env from '#start/env'

async function signIn(page: Page) {
  await makeUser({ email: 'ana@example.test' })
  await open(page, '/sign-in')
  await signInWithForm(page, 'ana@example.test')
}

test.group('Checkout in the browser', (group) => {
  group.each.setup(() => resetState())

  test('when Stripe.js cannot load, a notice replaces the form', async ({ visit }) => {
    const page = await visit('/sign-in')
    await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'))
    await hydrated(page)
    await signIn(page)
    await open(page, '/checkout/monthly')
    await page
      .getByRole('alert')
      .filter({ hasText: 'Payments are not available right now' })
      .waitFor()
  })

  test(
    'on a server without Stripe (no secret key) the checkout says payments are not available here, not to ' +
      'check the connection',
    async ({ visit, assert, cleanup }) => {
      const secret = env.get('STRIPE_SECRET_KEY')
      env.set('STRIPE_SECRET_KEY', '')
      cleanup(() => env.set('STRIPE_SECRET_KEY', secret ?? ''))
      const page = await hydrated(await visit('/sign-in'))
      await signIn(page)
      await open(page, '/checkout/monthly')
      const notice = page.getByTestId('payments-unavailable')
      await notice.waitFor()
      assert.equal(await notice.innerText(), 'Payments are not available on this server right now.')
      assert.equal(await page.getByRole('button', { name: 'Pay' }).count(), 0)
    }
  )

  test('lifetime: a promo code lowers the price, paying returns to the success page', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/sign-in')
    /* Stripe.js: the stand-in (tests/support/stripe_server.ts) */
    await useStripeJsStandIn(page)
    await hydrated(page)
    await signIn(page)
    await open(page, '/checkout/lifetime')
    await page.getByText('Card details').waitFor()
    await page.getByLabel('Promo code').fill('HALF')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('50% off applied').waitFor()
    await page.getByText('€75.00 once').waitFor()
    const secret = await page.evaluate(() => (window as any).__clientSecret as string)
    assert.equal(stripeObject(secret.split('_secret_')[0]).amount, 7500)
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.getByRole('heading', { name: 'Thank you! Your purchase is complete.' }).waitFor()
  })
})
