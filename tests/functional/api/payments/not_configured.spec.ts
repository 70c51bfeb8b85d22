import { test } from '@japa/runner'
import env from '#start/env'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import db from '@adonisjs/lucid/services/db'
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

  test(
    'every payment call answers 503 E_PAYMENTS_NOT_CONFIGURED, the referral token ' +
      'E_REFERRALS_NOT_CONFIGURED',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const calls = [
        client
          .post('/api/subscriptions/stripe/intent')
          .bearerToken(token)
          .json({ pricing_tier: 'monthly' }),
        client
          .patch('/api/subscriptions/stripe/intent')
          .bearerToken(token)
          .json({ payment_intent_id: 'pi_1', upgrade: true }),
        client
          .post('/api/subscriptions/stripe/update_intent')
          .bearerToken(token)
          .json({ payment_intent_id: 'pi_1', promo_code: 'HALF', promo_action: 'apply' }),
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
    }
  )

  test(
    'a premium learner opening Manage subscription is back on the account, which shows the plan and says ' +
      'payments are not available: no error page',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      await db
        .from('users')
        .where('id', user.id)
        .update({ payment_customer_id: 'cus_no_stripe', is_premium: true })
      await db.table('subscriptions').insert({
        user_id: user.id,
        stripe_id: 'sub_no_stripe',
        pricing_tier: 'yearly',
        status: 'active',
        price: 5999,
        currency: 'eur',
        current_period_end: Math.floor(Date.now() / 1000) + 86400,
      })
      await web.get('/account')
      const manage = await web.get('/settings/subscription')
      assert.equal(manage.status, 302)
      assert.equal(manage.location, '/account')
      const account = await web.get('/account')
      const { props } = WebSession.page(account.text)
      assert.deepEqual(props.subscription, {
        pricingTier: 'yearly',
        canManage: false,
        canUpgrade: false,
        cancelsOnDeletion: true,
        paymentsAvailable: false,
      })
      assert.equal(
        props.flash.error,
        'Payments are not available on this server right now, so your plan cannot be changed or managed here. It ' +
          'stays as it is.'
      )
      const main = account.text.slice(
        account.text.indexOf('<main'),
        account.text.indexOf('</main>')
      )
      assert.include(main, 'Yearly')
      assert.include(
        main,
        'Payments are not available on this server right now, so your plan cannot be changed or managed here. It ' +
          'stays as it is.'
      )
      assert.notInclude(main, 'Manage subscription')
    }
  )

  test('the paywall says payments are not available instead of offering plans to check out', async ({
    assert,
  }) => {
    const { web } = await signedIn()
    const response = await web.get('/paywall')
    const { props } = WebSession.page(response.text)
    assert.isFalse(props.paymentsAvailable)
    const main = response.text.slice(
      response.text.indexOf('<main'),
      response.text.indexOf('</main>')
    )
    assert.include(main, 'Payments are not available on this server right now.')
    assert.notInclude(main, 'href="/checkout/')
  })

  test('the checkout page has no key: the page shows its notice instead of the form', async ({
    assert,
  }) => {
    const { web } = await signedIn()
    const response = await web.get('/checkout/monthly')
    assert.equal(response.status, 200)
    assert.isNull(WebSession.page(response.text).props.publishableKey)
  })
})
