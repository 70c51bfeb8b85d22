/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { stripeObject } from '#tests/functional/api/payments/support'

/*
 * Stripe.js never loads from js.stripe.com here: either the request fails
 * (offline, blocked) or a stand-in answers with the few calls the page makes
 * (elements, create('payment').mount, confirmPayment redirecting to return_url
 * with payment_intent and redirect_status, as Stripe does).
 */
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    elements: function (options) {
      window.__clientSecret = options.clientSecret
      return { create: function () { return { mount: function (el) { el.textContent = 'Card details' } } } }
    },
    confirmPayment: function (args) {
      var id = window.__clientSecret.split('_secret_')[0]
      window.location.assign(args.confirmParams.return_url + '?payment_intent=' + id + '&payment_intent_client_secret=' + window.__clientSecret + '&redirect_status=succeeded')
      return new Promise(function () {})
    },
    confirmSetup: function () { return Promise.resolve({ error: { message: 'not in this test' } }) },
  }
}`

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
    await page.getByRole('alert').filter({ hasText: 'Payments are not available right now' }).waitFor()
  })

  test('lifetime: a promo code lowers the price, paying returns to the success page', async ({ visit, assert }) => {
    const page = await visit('/sign-in')
    await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }))
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
