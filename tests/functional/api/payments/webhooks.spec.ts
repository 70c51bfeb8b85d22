import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import {
  signPayload,
  stripeEvent,
  stripeId,
  stripeState,
  subscriptionInvoice,
} from '#tests/support/stripe_server'
import { callsTo, postEvent, premiumOf } from './support.js'

const FIXTURES = new URL('../../../fixtures/stripe/', import.meta.url)
type Step = { type: string; at: number; object: Record<string, unknown> }
type Story = {
  events: Step[]
  expect: { isPremium: boolean; subscription: unknown; subscriptionProvider: string[] }
}
const stories = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace('.json', ''))
const story = (name: string) =>
  JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as Story

/** The story's events with fresh ids for this user, their times counted from 40 days ago. */
function eventsOf(name: string, ids: Record<string, string>) {
  const start = Math.floor(Date.now() / 1000) - 40 * 86400
  return story(name).events.map((step) => {
    let text = JSON.stringify(step.object).replace(/"\{\{t:(\d+)\}\}"/g, (_match, offset) =>
      String(start + Number(offset))
    )
    for (const [key, value] of Object.entries(ids)) text = text.replaceAll(`{{${key}}}`, value)
    return stripeEvent(step.type, JSON.parse(text), start + step.at)
  })
}

const orders: Record<string, <T>(events: T[]) => T[]> = {
  'in order': (events) => events,
  'reversed': (events) => [...events].reverse(),
  'shuffled': (events) => [
    ...events.filter((_e, i) => i % 2 === 1),
    ...events.filter((_e, i) => i % 2 === 0).reverse(),
  ],
  'each twice': (events) => events.flatMap((event) => [event, event]),
}

async function customer() {
  const session = await signIn()
  const ids = {
    customer: stripeId('cus'),
    subscription: stripeId('sub'),
    intent: stripeId('pi'),
    user: String(session.user.id),
    /* the payment of the subscription's first invoice, and of an earlier invoice */
    invoice_intent: stripeId('pi'),
    earlier_intent: stripeId('pi'),
  }
  session.user.paymentCustomerId = ids.customer
  await session.user.save()
  /*
   * what Stripe knows of the stories' purchases: the subscription (so the app can cancel it), its invoices and
   * their payments, the lifetime intent
   */
  subscriptionInvoice(ids.subscription, ids.customer, ids.earlier_intent)
  const latest = subscriptionInvoice(ids.subscription, ids.customer, ids.invoice_intent)
  stripeState.objects.set(ids.subscription, {
    id: ids.subscription,
    object: 'subscription',
    customer: ids.customer,
    status: 'active',
    metadata: {},
    latest_invoice: latest.id,
  })
  stripeState.objects.set(ids.intent, {
    id: ids.intent,
    object: 'payment_intent',
    customer: ids.customer,
    amount: 14999,
    status: 'succeeded',
    metadata: { user_id: ids.user, pricing_tier: 'lifetime' },
  })
  return { ...session, ids }
}

async function replay(client: ApiClient, events: object[]) {
  for (const event of events) (await postEvent(client, event)).assertStatus(200)
}

test.group('API payments: Stripe webhook event sequences', (group) => {
  group.each.setup(() => resetState())

  for (const name of stories) {
    for (const [order, arrange] of Object.entries(orders)) {
      test(`${name} (${order})`, async ({ client, assert }) => {
        const { user, token, ids } = await customer()
        await replay(client, arrange(eventsOf(name, ids)))
        const { expect } = story(name)
        const me = (await client.get('/api/users/me').bearerToken(token)).body()
        assert.equal(me.isPremium, expect.isPremium)
        assert.deepEqual(me.subscription, expect.subscription)
        assert.deepEqual(me.subscriptionProvider, expect.subscriptionProvider)
        assert.equal(await premiumOf(user.id), expect.isPremium)
        /*
         * the subscription is cancelled at Stripe (once) when lifetime replaces it or its current period is
         * refunded or charged back and lost
         */
        const cancelled = [
          'upgrade_to_lifetime',
          'refund_subscription',
          'dispute_lost_subscription',
        ].includes(name)
          ? 1
          : 0
        assert.lengthOf(callsTo('DELETE', `/v1/subscriptions/${ids.subscription}`), cancelled)
      })
    }
  }

  test('a replayed event changes nothing: the stored event ids stop it', async ({
    client,
    assert,
  }) => {
    const { user, ids } = await customer()
    const [created, paid, active] = eventsOf('subscribe', ids)
    await replay(client, [created, paid, active])
    assert.isTrue(await premiumOf(user.id))
    const deleted = eventsOf('cancel_at_period_end', ids)[3]
    await replay(client, [deleted])
    assert.isFalse(await premiumOf(user.id))
    /* the active update again, redelivered (same event id): still canceled */
    await replay(client, [active])
    assert.isFalse(await premiumOf(user.id))
    const rows = await db.from('stripe_events').count('* as total')
    assert.equal(Number(rows[0].total), 4)
  })

  test(
    'a refund Stripe cannot place (Stripe unreachable) fails the delivery and stores nothing; the redelivery ' +
      'applies it',
    async ({ client, assert }) => {
      const { user, ids } = await customer()
      const [paid, refund] = eventsOf('refund', ids)
      await replay(client, [paid])
      assert.isTrue(await premiumOf(user.id))
      /* both tries of the SDK (one retry) meet an outage */
      stripeState.failures = 2
      const failed = await postEvent(client, refund)
      failed.assertStatus(502)
      assert.equal(failed.body().code, 'E_PAYMENT_PROVIDER')
      assert.lengthOf(await db.from('stripe_events').where('id', refund.id), 0)
      assert.isTrue(await premiumOf(user.id))
      ;(await postEvent(client, refund)).assertStatus(200)
      assert.isFalse(await premiumOf(user.id))
    }
  )

  test('a forged, unsigned, stale or otherwise-signed event is a 400 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { user, ids } = await customer()
    const [succeeded] = eventsOf('refund', ids)
    const payload = JSON.stringify(succeeded)
    const stale = Math.floor(Date.now() / 1000) - 3600
    for (const signature of [
      signPayload(payload, 'whsec_someone_else'),
      signPayload(payload.replace('14999', '1'), 'whsec_test_double'),
      signPayload(payload, 'whsec_test_double', stale),
      't=123,v1=deadbeef',
      '',
    ]) {
      const response = await postEvent(client, succeeded, signature)
      response.assertStatus(400)
      assert.equal(response.body().code, 'E_WEBHOOK_SIGNATURE')
    }
    const unsigned = await client.post('/api/webhooks/stripe').json(succeeded)
    unsigned.assertStatus(400)
    assert.isFalse(await premiumOf(user.id))
    assert.lengthOf(await db.from('subscriptions'), 0)
    assert.lengthOf(await db.from('stripe_events'), 0)
    /* the same event, signed: applied */
    ;(await postEvent(client, succeeded)).assertStatus(200)
    assert.isTrue(await premiumOf(user.id))
  })

  test(
    "an event signed more than Stripe's 300 s tolerance ahead is refused like a stale one; within it, it " +
      'is applied',
    async ({ client, assert }) => {
      const { user, ids } = await customer()
      const [succeeded] = eventsOf('refund', ids)
      const payload = JSON.stringify(succeeded)
      const now = Math.floor(Date.now() / 1000)
      for (const ahead of [600, 310]) {
        const response = await postEvent(
          client,
          succeeded,
          signPayload(payload, 'whsec_test_double', now + ahead)
        )
        response.assertStatus(400)
        assert.equal(response.body().code, 'E_WEBHOOK_SIGNATURE')
      }
      assert.isFalse(await premiumOf(user.id))
      assert.lengthOf(await db.from('stripe_events'), 0)
      /* a clock a little ahead (within the tolerance) is Stripe's own allowance */
      ;(
        await postEvent(client, succeeded, signPayload(payload, 'whsec_test_double', now + 60))
      ).assertStatus(200)
      assert.isTrue(await premiumOf(user.id))
    }
  )

  test('an event for another customer, or of a type the app does not use, touches no one', async ({
    client,
    assert,
  }) => {
    const { user, ids } = await customer()
    const [succeeded] = eventsOf('refund', { ...ids, customer: 'cus_unknown', user: '999999' })
    await replay(client, [
      succeeded,
      stripeEvent('customer.created', { id: ids.customer, object: 'customer' }),
    ])
    assert.isFalse(await premiumOf(user.id))
    assert.lengthOf(await db.from('subscriptions'), 0)
  })

  test('a new subscription replacing a live one cancels the old one at Stripe once it is active', async ({
    client,
    assert,
  }) => {
    const { user, ids } = await customer()
    await replay(client, eventsOf('subscribe', ids))
    const next = { ...ids, subscription: stripeId('sub') }
    const events = eventsOf('subscribe', next).map((event: any) => {
      event.data.object.metadata = { replaces: ids.subscription }
      return event
    })
    await replay(client, events)
    assert.lengthOf(callsTo('DELETE', `/v1/subscriptions/${ids.subscription}`), 1)
    assert.isTrue(await premiumOf(user.id))
  })
})
