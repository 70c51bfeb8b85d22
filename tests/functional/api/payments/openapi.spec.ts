import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import {
  conformanceProblems,
  responseSchema,
  type OpenApiDocument,
} from '#tests/support/openapi_conformance'
import { signIn } from '#tests/support/content'
import { stripeId, stripeState } from '#tests/support/stripe_server'
import { postEvent, stripeEvent } from './support.js'

/*
 * The payment answers against /api/openapi.json (as tests/functional/api/openapi_conformance.spec.ts does for
 * the rest).
 */
function conforms(
  assert: any,
  document: OpenApiDocument,
  method: string,
  path: string,
  response: ApiResponse,
  status: number
) {
  assert.equal(response.status(), status, `${method} ${path}: ${response.text().slice(0, 300)}`)
  const problems = conformanceProblems(
    document,
    responseSchema(document, method, path, status),
    response.body()
  )
  assert.deepEqual(problems, [], `${method} ${path} ${status} differs from /api/openapi.json`)
}

test.group('OpenAPI document: the payment answers are what it says', (group) => {
  group.each.setup(() => resetState())

  test(
    'intents, promo, upgrade, discounts, management link, cello token, webhook, and the User entity with a ' +
      'subscription',
    async ({ client, assert }) => {
      const document = (await client.get('/api/openapi.json')).body() as OpenApiDocument
      const { user, token } = await signIn()
      const intent = await client
        .post('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ pricing_tier: 'lifetime' })
      conforms(assert, document, 'POST', '/subscriptions/stripe/intent', intent, 200)
      const { paymentIntentId } = intent.body()
      const promo = await client
        .post('/api/subscriptions/stripe/update_intent')
        .bearerToken(token)
        .json({ payment_intent_id: paymentIntentId, promo_code: 'TEN', promo_action: 'apply' })
      conforms(assert, document, 'POST', '/subscriptions/stripe/update_intent', promo, 200)
      conforms(
        assert,
        document,
        'GET',
        '/subscriptions/discounts',
        await client.get('/api/subscriptions/discounts').bearerToken(token),
        200
      )
      conforms(
        assert,
        document,
        'GET',
        '/subscriptions/stripe/management_link',
        await client.get('/api/subscriptions/stripe/management_link').bearerToken(token),
        200
      )
      conforms(
        assert,
        document,
        'POST',
        '/users/cello_jwt',
        await client.post('/api/users/cello_jwt').bearerToken(token),
        200
      )
      conforms(
        assert,
        document,
        'POST',
        '/subscriptions/stripe/upgrade_intent',
        await client.post('/api/subscriptions/stripe/upgrade_intent').bearerToken(token),
        409
      )

      /* a monthly subscription becomes active: the upgrade prices, PATCH switches, the User entity shows it */
      await user.refresh()
      const subscription = stripeId('sub')
      const now = Math.floor(Date.now() / 1000)
      stripeState.objects.set(subscription, {
        id: subscription,
        object: 'subscription',
        customer: user.paymentCustomerId,
        status: 'active',
        metadata: {},
      })
      const active = stripeEvent('customer.subscription.created', {
        id: subscription,
        object: 'subscription',
        customer: user.paymentCustomerId,
        status: 'active',
        cancel_at_period_end: false,
        metadata: {},
        discounts: [],
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_end: now + 15 * 86400,
              price: { id: 'price_monthly_test', unit_amount: 999, currency: 'eur' },
            },
          ],
        },
      })
      conforms(assert, document, 'POST', '/webhooks/stripe', await postEvent(client, active), 200)
      const upgrade = await client
        .post('/api/subscriptions/stripe/upgrade_intent')
        .bearerToken(token)
      conforms(assert, document, 'POST', '/subscriptions/stripe/upgrade_intent', upgrade, 200)
      const patched = await client
        .patch('/api/subscriptions/stripe/intent')
        .bearerToken(token)
        .json({ payment_intent_id: upgrade.body().paymentIntentId, upgrade: false })
      conforms(assert, document, 'PATCH', '/subscriptions/stripe/intent', patched, 200)
      const me = await client.get('/api/users/me').bearerToken(token)
      conforms(assert, document, 'GET', '/users/me', me, 200)
      assert.deepEqual(me.body().subscription, {
        pricingTier: 'monthly',
        price: 9.99,
        currency: 'eur',
        coupon: null,
      })
      assert.deepEqual(me.body().subscriptionProvider, ['stripe'])
    }
  )
})
