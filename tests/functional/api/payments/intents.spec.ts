import { test } from '@japa/runner'
import { jwtVerify } from 'jose'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { stripeState } from '#tests/support/stripe_server'
import { callsTo, stripeObject } from './support.js'

test.group('API payments: Stripe intents', (group) => {
  group.each.setup(() => resetState())

  test(
    "POST subscriptions/stripe/intent lifetime: a payment intent of the lifetime price for the user's new " +
      'customer',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      const response = await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ pricing_tier: 'lifetime' })
      response.assertStatus(200)
      const { paymentIntentId, clientSecret } = response.body()
      assert.match(paymentIntentId, /^pi_/)
      assert.isTrue(clientSecret.startsWith(`${paymentIntentId}_secret_`))
      await user.refresh()
      assert.match(user.paymentCustomerId!, /^cus_/)
      const intent = stripeObject(paymentIntentId)
      assert.equal(intent.amount, 14999)
      assert.equal(intent.customer, user.paymentCustomerId)
      assert.equal(intent.metadata.pricing_tier, 'lifetime')
      /* a second intent reuses the customer */
      await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ pricing_tier: 'lifetime' })
      assert.lengthOf(
        callsTo('POST', '/v1/customers').filter(
          (call) => call.body.metadata.user_id === String(user.id)
        ),
        1
      )
    }
  )

  test('monthly for a first subscription: a trialing subscription, answered with its setup intent', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(token)
      .json({ pricing_tier: 'monthly' })
    response.assertStatus(200)
    assert.match(response.body().paymentIntentId, /^seti_/)
    const created = callsTo('POST', '/v1/subscriptions').at(-1)!
    assert.equal(created.body.items[0].price, 'price_monthly_test')
    assert.equal(created.body.trial_period_days, '3')
    assert.equal(created.body.payment_behavior, 'default_incomplete')
  })

  test("yearly after an earlier subscription: no trial, the first invoice's payment intent", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(token)
      .json({ pricing_tier: 'lifetime' })
    await user.refresh()
    await db.table('subscriptions').insert({
      user_id: user.id,
      stripe_id: 'sub_old',
      pricing_tier: 'monthly',
      status: 'canceled',
    })
    const response = await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(token)
      .json({ pricing_tier: 'yearly' })
    response.assertStatus(200)
    assert.match(response.body().paymentIntentId, /^pi_/)
    assert.isUndefined(callsTo('POST', '/v1/subscriptions').at(-1)!.body.trial_period_days)
    assert.equal(stripeObject(response.body().paymentIntentId).customer, user.paymentCustomerId)
  })

  test('a pricing tier that does not exist is a 422; signed out is a 401', async ({ client }) => {
    const { token } = await signIn()
    const bad = await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(token)
      .json({ pricing_tier: 'weekly' })
    bad.assertStatus(422)
    const anonymous = await client
      .post('/api/subscriptions/stripe/intent')
      .json({ pricing_tier: 'monthly' })
    anonymous.assertStatus(401)
  })

  test('update_intent applies and removes a Stripe promotion code; an unknown code is a 422', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const { paymentIntentId } = (
      await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ pricing_tier: 'lifetime' })
    ).body()
    const applied = await client
      .post('/api/subscriptions/stripe/update_intent')
      .bearerToken(token)
      .json({ payment_intent_id: paymentIntentId, promo_code: 'HALF', promo_action: 'apply' })
    applied.assertStatus(200)
    assert.deepEqual(applied.body(), { old_amount: 14999, new_amount: 7500, discount_percent: 50 })
    assert.equal(stripeObject(paymentIntentId).amount, 7500)
    assert.equal(stripeObject(paymentIntentId).metadata.coupon, 'coupon_half')
    const removed = await client
      .post('/api/subscriptions/stripe/update_intent')
      .bearerToken(token)
      .json({ payment_intent_id: paymentIntentId, promo_action: 'remove' })
    assert.deepEqual(removed.body(), { old_amount: 14999, new_amount: 14999, discount_percent: 0 })
    assert.equal(stripeObject(paymentIntentId).amount, 14999)
    const unknown = await client
      .post('/api/subscriptions/stripe/update_intent')
      .bearerToken(token)
      .json({ payment_intent_id: paymentIntentId, promo_code: 'NOPE', promo_action: 'apply' })
    unknown.assertStatus(422)
    assertErrorBody(assert, unknown.body(), 'E_PROMO_CODE_INVALID')
  })

  test("another user's payment intent, or one Stripe does not know, is a 404 and is not changed", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const other = await signIn()
    const { paymentIntentId } = (
      await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(owner.token)
        .json({ pricing_tier: 'lifetime' })
    ).body()
    await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(other.token)
      .json({ pricing_tier: 'lifetime' })
    const promo = await client
      .post('/api/subscriptions/stripe/update_intent')
      .bearerToken(other.token)
      .json({ payment_intent_id: paymentIntentId, promo_code: 'HALF', promo_action: 'apply' })
    promo.assertStatus(404)
    assertErrorBody(assert, promo.body(), 'E_NOT_FOUND')
    const patch = await client
      .patch('/api/subscriptions/stripe/intent')
      .bearerToken(other.token)
      .json({ payment_intent_id: paymentIntentId, upgrade: false })
    patch.assertStatus(404)
    assert.equal(stripeObject(paymentIntentId).amount, 14999)
    const unknown = await client
      .post('/api/subscriptions/stripe/update_intent')
      .bearerToken(owner.token)
      .json({ payment_intent_id: 'pi_doesnotexist', promo_code: 'HALF', promo_action: 'apply' })
    unknown.assertStatus(404)
  })

  test(
    'upgrade_intent: lifetime less the unused part of the live subscription; PATCH intent switches between ' +
      'the prices',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      const none = await client.post('/api/subscriptions/stripe/upgrade_intent').bearerToken(token)
      none.assertStatus(409)
      assertErrorBody(assert, none.body(), 'E_NOTHING_TO_UPGRADE')
      /* a yearly subscription with half of its year left */
      const halfYearLeft = Math.floor(Date.now() / 1000) + Math.round((365 * 86400) / 2)
      await db.table('subscriptions').insert({
        user_id: user.id,
        stripe_id: 'sub_live',
        pricing_tier: 'yearly',
        status: 'active',
        price: 6000,
        currency: 'eur',
        current_period_end: halfYearLeft,
      })
      const response = await client
        .post('/api/subscriptions/stripe/upgrade_intent')
        .bearerToken(token)
      response.assertStatus(200)
      const { paymentIntentId, amount, credit } = response.body()
      assert.equal(credit, 3000)
      assert.equal(amount, 14999 - 3000)
      assert.equal(stripeObject(paymentIntentId).metadata.upgrade_from, 'sub_live')
      const full = await client
        .patch('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ payment_intent_id: paymentIntentId, upgrade: false })
      full.assertStatus(200)
      assert.equal(full.body().amount, 14999)
      assert.equal(stripeObject(paymentIntentId).metadata.upgrade_from, '')
      const again = await client
        .patch('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ payment_intent_id: paymentIntentId, upgrade: true })
      assert.equal(again.body().amount, 11999)
    }
  )

  test(
    "a promo code on a subscription's first invoice: a credit note lowers the same intent; a lasting coupon " +
      "becomes the subscription's discount",
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      await db.table('subscriptions').insert({
        user_id: user.id,
        stripe_id: 'sub_old',
        pricing_tier: 'monthly',
        status: 'canceled',
      })
      const { paymentIntentId } = (
        await client
          .post('/api/subscriptions/stripe/intent')
          .bearerToken(token)
          .json({ pricing_tier: 'monthly' })
      ).body()
      const subscription = [...stripeState.objects.values()].find(
        (o) => o.object === 'subscription' && o.customer === stripeObject(paymentIntentId).customer
      )!
      const promo = (code: string | undefined, action: string) =>
        client
          .post('/api/subscriptions/stripe/update_intent')
          .bearerToken(token)
          .json({ payment_intent_id: paymentIntentId, promo_code: code, promo_action: action })

      /* TEN lasts (duration forever): 10 % off this invoice and the ones after it */
      const ten = await promo('TEN', 'apply')
      ten.assertStatus(200)
      assert.deepEqual(ten.body(), { old_amount: 999, new_amount: 899, discount_percent: 10 })
      assert.equal(stripeObject(paymentIntentId).amount, 899)
      assert.deepEqual(
        subscription.discounts.map((d: any) => d.promotion_code),
        ['promo_ten']
      )
      /* HALF is once: this invoice only; TEN's credit note is voided first */
      const half = await promo('HALF', 'apply')
      assert.deepEqual(half.body(), { old_amount: 999, new_amount: 500, discount_percent: 50 })
      assert.equal(stripeObject(paymentIntentId).amount, 500)
      assert.deepEqual(subscription.discounts, [])
      const notes = [...stripeState.objects.values()].filter((o) => o.object === 'credit_note')
      assert.deepEqual(
        notes.map((note) => [note.amount, note.status]),
        [
          [100, 'void'],
          [499, 'issued'],
        ]
      )
      /* removed: the full price again, nothing left on the subscription */
      const removed = await promo(undefined, 'remove')
      assert.deepEqual(removed.body(), { old_amount: 999, new_amount: 999, discount_percent: 0 })
      assert.equal(stripeObject(paymentIntentId).amount, 999)
      /* the intent the client holds is still the one to confirm */
      assert.equal(stripeObject(paymentIntentId).status, 'requires_payment_method')
      /* once the invoice is paid, no code changes it */
      stripeObject(paymentIntentId).status = 'succeeded'
      const late = await promo('TEN', 'apply')
      late.assertStatus(409)
      assertErrorBody(assert, late.body(), 'E_INTENT_CLOSED')
    }
  )

  test(
    'a promo code during the trial goes on the subscription: its first charge after the trial is the ' +
      'discounted one',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const { paymentIntentId } = (
        await client
          .post('/api/subscriptions/stripe/intent')
          .bearerToken(token)
          .json({ pricing_tier: 'yearly' })
      ).body()
      assert.match(paymentIntentId, /^seti_/)
      const subscription = [...stripeState.objects.values()].find(
        (o) => o.object === 'subscription' && o.pending_setup_intent?.id === paymentIntentId
      )!
      const applied = await client
        .post('/api/subscriptions/stripe/update_intent')
        .bearerToken(token)
        .json({ payment_intent_id: paymentIntentId, promo_code: 'HALF', promo_action: 'apply' })
      applied.assertStatus(200)
      assert.deepEqual(applied.body(), { old_amount: 5999, new_amount: 3000, discount_percent: 50 })
      assert.deepEqual(
        subscription.discounts.map((d: any) => d.promotion_code),
        ['promo_half']
      )
      const removed = await client
        .post('/api/subscriptions/stripe/update_intent')
        .bearerToken(token)
        .json({ payment_intent_id: paymentIntentId, promo_action: 'remove' })
      assert.deepEqual(removed.body(), { old_amount: 5999, new_amount: 5999, discount_percent: 0 })
      assert.deepEqual(subscription.discounts, [])
      /* another user cannot touch the trial's subscription */
      const other = await signIn()
      await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(other.token)
        .json({ pricing_tier: 'lifetime' })
      const refused = await client
        .post('/api/subscriptions/stripe/update_intent')
        .bearerToken(other.token)
        .json({ payment_intent_id: paymentIntentId, promo_code: 'HALF', promo_action: 'apply' })
      refused.assertStatus(404)
      assert.deepEqual(subscription.discounts, [])
    }
  )

  test('GET subscriptions/discounts lists the yearly saving', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client.get('/api/subscriptions/discounts').bearerToken(token)
    response.assertStatus(200)
    assert.deepEqual(response.body(), [{ subscriptionPeriod: 'yearly', percentOff: 50 }])
    ;(await client.get('/api/subscriptions/discounts')).assertStatus(401)
  })

  test(
    'GET subscriptions/stripe/management_link: a billing portal session for the own customer; ' +
      'none yet is a 404',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const none = await client.get('/api/subscriptions/stripe/management_link').bearerToken(token)
      none.assertStatus(404)
      assertErrorBody(assert, none.body(), 'E_NO_SUBSCRIPTION')
      await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ pricing_tier: 'lifetime' })
      const response = await client
        .get('/api/subscriptions/stripe/management_link')
        .bearerToken(token)
      response.assertStatus(200)
      assert.match(response.body().link, /^https:\/\/billing\.stripe\.test\/p\/session\//)
      const session = callsTo('POST', '/v1/billing_portal/sessions').at(-1)!
      assert.match(session.body.customer, /^cus_/)
      ;(await client.get('/api/subscriptions/stripe/management_link')).assertStatus(401)
    }
  )

  test('POST users/cello_jwt: an HS256 token naming the product and the user', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client.post('/api/users/cello_jwt').bearerToken(token)
    response.assertStatus(200)
    const { payload, protectedHeader } = await jwtVerify(
      response.body().token,
      new TextEncoder().encode('test-cello-secret')
    )
    assert.equal(protectedHeader.alg, 'HS256')
    assert.equal(payload.productId, 'mnemo.test')
    assert.equal(payload.productUserId, String(user.id))
    ;(await client.post('/api/users/cello_jwt')).assertStatus(401)
    /* a guest has no account to credit a referral to */
    const guest = await signIn({ provider: 'guest', email: null, password: null })
    const refused = await client.post('/api/users/cello_jwt').bearerToken(guest.token)
    refused.assertStatus(403)
    assertErrorBody(assert, refused.body(), 'E_REFERRALS_GUEST')
  })

  test('Stripe down: a 502 E_PAYMENT_PROVIDER, never a 500', async ({ client, assert }) => {
    const { token } = await signIn()
    stripeState.failures = 2
    const response = await client
      .post('/api/subscriptions/stripe/intent')
      .bearerToken(token)
      .json({ pricing_tier: 'lifetime' })
    stripeState.failures = 0
    response.assertStatus(502)
    assertErrorBody(assert, response.body(), 'E_PAYMENT_PROVIDER')
  })
})
