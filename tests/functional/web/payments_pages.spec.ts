import { test } from '@japa/runner'
import { jwtVerify } from 'jose'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { signIn } from '#tests/support/content'
import { stripeState, stripeId } from '#tests/support/stripe_server'
import { callsTo, stripeObject } from '#tests/functional/api/payments/support'

const page = (html: string) => WebSession.page(html)

/** A live monthly subscription, as the webhook would have stored it, and Stripe's copy. */
async function liveSubscription(userId: number, customer: string) {
  const id = stripeId('sub')
  stripeState.objects.set(id, {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    metadata: {},
  })
  await db
    .from('users')
    .where('id', userId)
    .update({ payment_customer_id: customer, is_premium: true })
  await db.table('subscriptions').insert({
    user_id: userId,
    stripe_id: id,
    pricing_tier: 'monthly',
    status: 'active',
    price: 999,
    currency: 'eur',
    current_period_end: Math.floor(Date.now() / 1000) + 86400,
  })
  return id
}

test.group('Web: checkout, return and subscription pages', (group) => {
  group.each.setup(() => resetState())

  test('the checkout page of a plan carries its price and the publishable key; an unknown plan is a 404', async ({
    assert,
  }) => {
    const { web } = await signedIn()
    const response = await web.get('/checkout/yearly')
    assert.equal(response.status, 200)
    const { component, props } = page(response.text)
    assert.equal(component, 'payments/checkout')
    assert.include(props, {
      tier: 'yearly',
      amount: 5999,
      currency: 'eur',
      trialDays: 3,
      publishableKey: 'pk_test_double',
      replacesSubscription: false,
    })
    assert.equal((await web.get('/checkout/weekly')).status, 404)
  })

  test(
    'a second subscription shows the cancel-previous-subscription notice; the account page the deletion ' +
      'notice and Manage subscription',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      await liveSubscription(user.id, 'cus_web_notice')
      assert.isTrue(page((await web.get('/checkout/monthly')).text).props.replacesSubscription)
      assert.deepEqual(page((await web.get('/account')).text).props.subscription, {
        pricingTier: 'monthly',
        canManage: true,
        canUpgrade: true,
        cancelsOnDeletion: true,
        paymentsAvailable: true,
      })
      const manage = await web.get('/settings/subscription')
      assert.equal(manage.status, 302)
      assert.match(manage.location!, /^https:\/\/billing\.stripe\.test\//)
      assert.equal(
        callsTo('POST', '/v1/billing_portal/sessions').at(-1)!.body.customer,
        'cus_web_notice'
      )
    }
  )

  test(
    'settings show the plan with its entries: upgrade for a free learner, manage and the lifetime upgrade ' +
      'for a subscriber',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      assert.deepEqual(page((await web.get('/settings')).text).props.subscription, {
        pricingTier: null,
        canManage: false,
        canUpgrade: false,
        cancelsOnDeletion: false,
        paymentsAvailable: true,
      })
      await liveSubscription(user.id, 'cus_web_settings')
      assert.deepEqual(page((await web.get('/settings')).text).props.subscription, {
        pricingTier: 'monthly',
        canManage: true,
        canUpgrade: true,
        cancelsOnDeletion: true,
        paymentsAvailable: true,
      })
      /* signed out, the settings page has no plan */
      assert.isNull(page((await new WebSession().get('/settings')).text).props.subscription)
    }
  )

  test(
    'lifetime for a monthly subscriber is the upgrade: the page shows the credit and its intent is priced as ' +
      "upgrade_intent's",
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const subscription = await liveSubscription(user.id, 'cus_web_upgrade')
      const shown = page((await web.get('/checkout/lifetime')).text).props
      /* a day left of a 30-day month of 9.99: 33 cents of credit */
      assert.equal(shown.upgradeCredit, 33)
      assert.equal(shown.amount, 14999 - 33)
      const created = await web.post('/checkout/upgrade_intent', {})
      assert.equal(created.status, 200)
      const body = JSON.parse(created.text)
      assert.include(body, { amount: 14999 - 33, credit: 33 })
      const intent = stripeObject(body.paymentIntentId)
      assert.equal(intent.customer, 'cus_web_upgrade')
      assert.equal(intent.metadata.upgrade_from, subscription)
      /* a learner with no plan to upgrade gets the full price and no upgrade */
      const other = await signedIn('bea@example.test')
      const full = page((await other.web.get('/checkout/lifetime')).text).props
      assert.include(full, { amount: 14999, upgradeCredit: null })
      /* the page's form posts back here with the refusal flashed */
      const intentsBefore = callsTo('POST', '/v1/payment_intents').length
      const refused = await other.web.post('/checkout/upgrade_intent', {})
      assert.equal(refused.status, 302)
      assert.equal(callsTo('POST', '/v1/payment_intents').length, intentsBefore)
    }
  )

  test("the referral toast: its programme is shared with signed-in learners, and its token is the API's", async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const shared = page((await web.get('/settings')).text).props.referrals
    assert.deepEqual(shared, {
      productId: 'mnemo.test',
      script: 'https://assets.cello.so/app/latest/cello.js',
    })
    const response = await web.post('/account/referral_token', {})
    assert.equal(response.status, 200)
    const { payload } = await jwtVerify(
      JSON.parse(response.text).token,
      new TextEncoder().encode('test-cello-secret')
    )
    assert.equal(payload.productUserId, String(user.id))
    /* signed out: no programme, no token */
    const anonymous = new WebSession()
    assert.isNull(page((await anonymous.get('/settings')).text).props.referrals)
    assert.equal((await anonymous.post('/account/referral_token', {})).status, 302)
  })

  test("the page's intent and promo calls run the same actions as the API, on the session's user only", async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    await web.get('/checkout/lifetime')
    const created = await web.post('/checkout/intent', { pricing_tier: 'lifetime' })
    assert.equal(created.status, 200)
    const { paymentIntentId } = JSON.parse(created.text)
    await user.refresh()
    assert.equal(stripeObject(paymentIntentId).customer, user.paymentCustomerId)
    const promo = await web.post('/checkout/update_intent', {
      payment_intent_id: paymentIntentId,
      promo_code: 'TEN',
      promo_action: 'apply',
    })
    assert.deepEqual(JSON.parse(promo.text), {
      old_amount: 14999,
      new_amount: 13499,
      discount_percent: 10,
    })
    /* someone else's session cannot touch it */
    const other = await signedIn('bea@example.test')
    await other.web.get('/checkout/lifetime')
    await other.web.post('/checkout/intent', { pricing_tier: 'lifetime' })
    const refused = await other.web.post('/checkout/update_intent', {
      payment_intent_id: paymentIntentId,
      promo_code: 'HALF',
      promo_action: 'apply',
    })
    assert.equal(refused.status, 404)
    assert.equal(stripeObject(paymentIntentId).amount, 13499)
    /* signed out: the sign-in page */
    assert.equal((await new WebSession().get('/checkout/lifetime')).status, 302)
  })

  test('the return page reads redirect_status: succeeded, processing, failed (and anything else as failed)', async ({
    assert,
  }) => {
    const { web } = await signedIn()
    const cases: [string, string, string][] = [
      ['payment_intent=pi_1&redirect_status=succeeded', 'succeeded', 'payment'],
      ['setup_intent=seti_1&redirect_status=succeeded', 'succeeded', 'setup'],
      ['payment_intent=pi_1&redirect_status=processing', 'processing', 'payment'],
      ['payment_intent=pi_1&redirect_status=failed', 'failed', 'payment'],
      ['payment_intent=pi_1&redirect_status=whatever', 'failed', 'payment'],
    ]
    for (const [query, status, kind] of cases) {
      const response = await web.get(`/checkout/return?${query}`)
      assert.equal(response.status, 200)
      assert.deepInclude(page(response.text).props, { status, kind })
    }
  })

  test('deleting the account cancels its live subscription at Stripe (web and API)', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    await user.refresh()
    const subscription = await liveSubscription(user.id, 'cus_web_delete')
    await web.get('/account')
    const deleted = await web.delete('/account', { confirmation: user.username })
    assert.equal(deleted.status, 302)
    assert.lengthOf(callsTo('DELETE', `/v1/subscriptions/${subscription}`), 1)
    assert.lengthOf(await db.from('users').where('id', user.id), 0)

    const api = await signIn()
    const apiSubscription = await liveSubscription(api.user.id, 'cus_api_delete')
    ;(await client.delete(`/api/users/${api.user.id}`).bearerToken(api.token)).assertStatus(204)
    assert.lengthOf(callsTo('DELETE', `/v1/subscriptions/${apiSubscription}`), 1)
  })
})
