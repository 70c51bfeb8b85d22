import { test } from '@japa/runner'
import env from '#start/env'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/functional/api/content/support'
import { signedIn, WebSession } from '#tests/support/web_session'
import { postEvent, stripeEvent } from './support.js'

/*
 * The tests configure Stripe and Cello (.env.test). The server runs in this
 * process: each test takes the keys away, as `npm start` with nothing set
 * has them, and the teardown puts them back.
 */
const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'CELLO_SECRET'] as const

test.group('Payments without Stripe configured', (group) => {
  const saved = Object.fromEntries(KEYS.map((key) => [key, env.get(key) as string]))
  group.each.setup(async () => {
    await resetState()
    for (const key of KEYS) env.set(key, '')
    return () => {
      for (const key of KEYS) env.set(key, saved[key])
    }
  })

  test('every payment call answers 503 E_PAYMENTS_NOT_CONFIGURED, the referral token E_REFERRALS_NOT_CONFIGURED', async ({ client, assert }) => {
    const { token } = await signIn()
    const calls = [
      client.post('/api/subscriptions/stripe/intent').bearerToken(token).json({ pricing_tier: 'monthly' }),
      client.patch('/api/subscriptions/stripe/intent').bearerToken(token).json({ payment_intent_id: 'pi_1', upgrade: true }),
      client.post('/api/subscriptions/stripe/update_intent').bearerToken(token).json({ payment_intent_id: 'pi_1', promo_code: 'HALF', promo_action: 'apply' }),
      client.post('/api/subscriptions/stripe/upgrade_intent').bearerToken(token),
      client.get('/api/subscriptions/stripe/management_link').bearerToken(token),
      postEvent(client, stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' })),
    ]
    for (const call of calls) {
      const response = await call
      response.assertStatus(503)
      assertErrorBody(assert, response.body(), 'E_PAYMENTS_NOT_CONFIGURED')
    }
    const cello = await client.post('/api/users/cello_jwt').bearerToken(token)
    cello.assertStatus(503)
    assertErrorBody(assert, cello.body(), 'E_REFERRALS_NOT_CONFIGURED')
  })

  test('the checkout page has no key: the page shows its notice instead of the form', async ({ assert }) => {
    const { web } = await signedIn()
    const response = await web.get('/checkout/monthly')
    assert.equal(response.status, 200)
    assert.isNull(WebSession.page(response.text).props.publishableKey)
  })
})
