import { createServer, type Server, type IncomingMessage } from 'node:http'
import { createHmac, randomBytes } from 'node:crypto'
import type { Page } from 'playwright'

/**
 * A local stand-in for Stripe's REST API, answering the calls the app makes
 * (customers, payment intents, subscriptions, invoices and their payments,
 * promotion codes, billing portal sessions) with Stripe's JSON shapes and Stripe's error format, plus the
 * signing of webhook events exactly as Stripe signs them. .env.test points
 * STRIPE_API_HOST/PROTOCOL at it; it listens on a free port the bootstrap
 * then sets as STRIPE_API_PORT (so parallel runs never collide).
 */
const STRIPE_TEST_KEY = 'sk_test_double'
const WEBHOOK_SECRET = 'whsec_test_double'

type Obj = Record<string, any>
export const stripeState = {
  objects: new Map<string, Obj>(),
  calls: [] as { method: string; path: string; body: Obj }[],
  /* the next this-many calls answer 500 api_error (an outage; the SDK retries once) */
  failures: 0,
  promotionCodes: [
    {
      id: 'promo_half',
      object: 'promotion_code',
      code: 'HALF',
      active: true,
      promotion: {
        type: 'coupon',
        coupon: {
          id: 'coupon_half',
          object: 'coupon',
          percent_off: 50,
          duration: 'once',
          valid: true,
        },
      },
    },
    {
      id: 'promo_ten',
      object: 'promotion_code',
      code: 'TEN',
      active: true,
      promotion: {
        type: 'coupon',
        coupon: {
          id: 'coupon_ten',
          object: 'coupon',
          percent_off: 10,
          duration: 'forever',
          valid: true,
        },
      },
    },
  ] as Obj[],
}

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

/** Stripe's form encoding (a[b][0]=c) back into objects and arrays. */
function parseForm(body: string) {
  const out: Obj = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[')
    let cursor: Obj = out
    keys.forEach((key, index) => {
      if (index === keys.length - 1) cursor[key] = value
      else cursor = cursor[key] ??= /^\d+$/.test(keys[index + 1]) ? [] : {}
    })
  }
  return out
}

const missing = (id: string) => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such object: '${id}'`,
      param: 'id',
    },
  },
})

function paymentIntent(params: Obj): Obj {
  const id = stripeId('pi')
  return {
    id,
    object: 'payment_intent',
    amount: Number(params.amount),
    currency: params.currency,
    customer: params.customer ?? null,
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    status: 'requires_payment_method',
    metadata: params.metadata ?? {},
    setup_future_usage: params.setup_future_usage ?? null,
    created: now(),
    livemode: false,
  }
}

const PERIODS: Record<string, number> = {
  price_monthly_test: 30 * 86400,
  price_yearly_test: 365 * 86400,
}
const AMOUNTS: Record<string, number> = { price_monthly_test: 999, price_yearly_test: 5999 }

function subscription(params: Obj): Obj {
  const price = params.items?.[0]?.price
  const start = now()
  const trialDays = Number(params.trial_period_days || 0)
  const end = start + (trialDays ? trialDays * 86400 : (PERIODS[price] ?? 30 * 86400))
  const sub: Obj = {
    id: stripeId('sub'),
    object: 'subscription',
    customer: params.customer,
    status: trialDays ? 'trialing' : 'incomplete',
    cancel_at_period_end: false,
    created: start,
    metadata: params.metadata ?? {},
    discounts: [],
    livemode: false,
    trial_end: trialDays ? end : null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price: {
            id: price,
            object: 'price',
            unit_amount: AMOUNTS[price] ?? 0,
            currency: 'eur',
            recurring: { interval: price === 'price_yearly_test' ? 'year' : 'month' },
          },
        },
      ],
    },
  }
  if (trialDays) {
    const seti = stripeId('seti')
    sub.pending_setup_intent = {
      id: seti,
      object: 'setup_intent',
      client_secret: `${seti}_secret_x`,
      status: 'requires_payment_method',
    }
    sub.latest_invoice = {
      id: stripeId('in'),
      object: 'invoice',
      amount_due: 0,
      confirmation_secret: null,
    }
  } else {
    const pi = paymentIntent({
      amount: AMOUNTS[price] ?? 0,
      currency: 'eur',
      customer: params.customer,
    })
    stripeState.objects.set(pi.id, pi)
    sub.pending_setup_intent = null
    sub.latest_invoice = subscriptionInvoice(sub.id, params.customer, pi.id, {
      status: 'open',
      total: pi.amount,
      amount_due: pi.amount,
      confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
    })
  }
  return sub
}

/**
 * An invoice of a subscription paid by a payment intent, kept with its
 * invoice payment (how Stripe links a payment to its invoice since the
 * invoice field left charges and payment intents).
 */
export function subscriptionInvoice(
  subscriptionId: string,
  customer: string,
  intent: string,
  fields: Obj = {}
) {
  const invoice = {
    id: stripeId('in'),
    object: 'invoice',
    customer,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId },
    },
    ...fields,
  }
  stripeState.objects.set(invoice.id, invoice)
  const payment = {
    id: stripeId('inpay'),
    object: 'invoice_payment',
    invoice: invoice.id,
    payment: { type: 'payment_intent', payment_intent: intent },
    status: 'paid',
  }
  stripeState.objects.set(payment.id, payment)
  return invoice
}

const promotionCoupon = (id: string) =>
  stripeState.promotionCodes.find((code) => code.id === id)?.promotion.coupon.id ?? null

/**
 * A credit note on an open invoice lowers what it still asks for, and so the
 * amount of the payment intent collecting it; voiding one gives it back.
 */
function creditNote(params: Obj, id: string | undefined, action: string | undefined): Answer {
  const ok = (body: unknown) => ({ status: 200, body })
  const repay = (invoice: Obj, delta: number) => {
    invoice.amount_due += delta
    const payment = [...stripeState.objects.values()].find(
      (o) => o.object === 'invoice_payment' && o.invoice === invoice.id
    )
    const intent = payment && stripeState.objects.get(payment.payment.payment_intent)
    if (intent) intent.amount = invoice.amount_due
  }
  if (id && action === 'void') {
    const note = stripeState.objects.get(id)
    if (!note) return missing(id)
    if (note.status === 'void')
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', message: 'This credit note is already voided.' },
        },
      }
    note.status = 'void'
    repay(stripeState.objects.get(note.invoice)!, note.amount)
    return ok(note)
  }
  const invoice = stripeState.objects.get(params.invoice)
  if (!invoice) return missing(params.invoice)
  const amount = Number(params.amount)
  if (invoice.status !== 'open' || !(amount > 0) || amount > invoice.amount_due) {
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'The credit note amount is invalid for this invoice.',
          param: 'amount',
        },
      },
    }
  }
  const note = {
    id: stripeId('cn'),
    object: 'credit_note',
    invoice: invoice.id,
    amount,
    memo: params.memo ?? null,
    status: 'issued',
    type: 'pre_payment',
  }
  stripeState.objects.set(note.id, note)
  repay(invoice, -amount)
  return ok(note)
}

type Answer = { status: number; body: unknown }
function route(method: string, path: string, params: Obj, query: URLSearchParams): Answer {
  const ok = (body: unknown) => ({ status: 200, body })
  const [, , kind, id, action] = path.split('/')
  const store = (obj: Obj) => (stripeState.objects.set(obj.id, obj), ok(obj))
  if (method === 'POST' && path === '/v1/customers')
    return store({
      id: stripeId('cus'),
      object: 'customer',
      email: params.email ?? null,
      metadata: params.metadata ?? {},
    })
  if (method === 'POST' && path === '/v1/payment_intents') return store(paymentIntent(params))
  if (method === 'POST' && path === '/v1/subscriptions') return store(subscription(params))
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return ok({
      id: stripeId('bps'),
      object: 'billing_portal.session',
      customer: params.customer,
      return_url: params.return_url ?? null,
      url: `https://billing.stripe.test/p/session/${randomBytes(6).toString('hex')}`,
    })
  }
  if (method === 'GET' && path === '/v1/promotion_codes') {
    const data = stripeState.promotionCodes.filter(
      (code) => code.code === query.get('code') && (query.get('active') !== 'true' || code.active)
    )
    return ok({ object: 'list', data, has_more: false, url: '/v1/promotion_codes' })
  }
  if (method === 'GET' && path === '/v1/subscriptions') {
    const data = [...stripeState.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === query.get('customer')
    )
    return ok({ object: 'list', data, has_more: false, url: '/v1/subscriptions' })
  }
  if (method === 'GET' && path === '/v1/invoice_payments') {
    const wanted = parseForm(query.toString()).payment?.payment_intent
    const data = [...stripeState.objects.values()]
      .filter((o) => o.object === 'invoice_payment' && o.payment.payment_intent === wanted)
      .slice(0, Number(query.get('limit') || 10))
    return ok({ object: 'list', data, has_more: false, url: '/v1/invoice_payments' })
  }
  if (method === 'GET' && kind === 'invoices' && id)
    return stripeState.objects.get(id) ? ok(stripeState.objects.get(id)) : missing(id)
  if (method === 'POST' && kind === 'credit_notes') return creditNote(params, id, action)
  if ((kind === 'payment_intents' || kind === 'subscriptions') && id) {
    const obj = stripeState.objects.get(id)
    if (!obj) return missing(id)
    if (method === 'GET') return ok(obj)
    if (method === 'DELETE' && kind === 'subscriptions')
      return ok(Object.assign(obj, { status: 'canceled', canceled_at: now() }))
    if (method === 'POST' && !action) {
      const { metadata, amount, cancel_at_period_end: cancelAtEnd, discounts, ...rest } = params
      Object.assign(obj, rest, metadata ? { metadata: { ...obj.metadata, ...metadata } } : {})
      /* an empty string clears the discounts; promotion codes become discounts with their coupon */
      if (discounts !== undefined)
        obj.discounts =
          discounts === ''
            ? []
            : discounts.map((d: Obj) => ({
                object: 'discount',
                promotion_code: d.promotion_code,
                source: { coupon: promotionCoupon(d.promotion_code) },
              }))
      if (amount !== undefined) obj.amount = Number(amount)
      if (cancelAtEnd !== undefined) obj.cancel_at_period_end = cancelAtEnd === 'true'
      return ok(obj)
    }
  }
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      },
    },
  }
}

async function readBody(req: IncomingMessage) {
  let body = ''
  for await (const chunk of req) body += chunk
  return body
}

let server: Server | undefined

export async function startStripeServer() {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1')
    const params = parseForm(await readBody(req))
    for (const [key, value] of url.searchParams) if (!(key in params)) params[key] = value
    const outage = stripeState.failures > 0 && stripeState.failures--
    const answer = outage
      ? {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        }
      : req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`
        ? {
            status: 401,
            body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
          }
        : (stripeState.calls.push({ method: req.method!, path: url.pathname, body: params }),
          route(req.method!, url.pathname, params, url.searchParams))
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
    })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

export async function stopStripeServer() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
}

/** A webhook event in Stripe's envelope. */
export function stripeEvent(type: string, object: Obj, created = now(), id = stripeId('evt')) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

/** The Stripe-Signature header for a payload: t=<time>,v1=HMAC-SHA256(secret, "<time>.<payload>"). */
export function signPayload(payload: string, secret = WEBHOOK_SECRET, timestamp = now()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/**
 * What Stripe does once a card form confirms a payment intent: the intent is
 * paid, and the signed `payment_intent.succeeded` goes to the app's webhook
 * (the browser test's stand-in for Stripe.js cannot reach Stripe's servers).
 */
export async function payIntent(id: string, appBase: string) {
  const intent = stripeState.objects.get(id)
  if (!intent) throw new Error(`no payment intent ${id} in the Stripe double`)
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount })
  const payload = JSON.stringify(stripeEvent('payment_intent.succeeded', intent))
  const response = await fetch(`${appBase}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload) },
    body: payload,
  })
  if (response.status >= 300)
    throw new Error(`the webhook answered ${response.status}: ${await response.text()}`)
}

/**
 * Stripe.js never loads from js.stripe.com in the browser tests: this
 * stand-in answers the few calls the checkout page makes (elements,
 * create('payment').mount, and confirmPayment sending the browser to the
 * return URL with payment_intent and redirect_status, as Stripe does).
 * The page routes https://js.stripe.com/** to it (`useStripeJsStandIn`).
 */
const STRIPE_JS_STAND_IN = `
window.Stripe = function () {
  return {
    elements: function (options) {
      window.__clientSecret = options.clientSecret
      return { create: function () { return { mount: function (el) { el.textContent = 'Card details' } } } }
    },
    confirmPayment: function (args) {
      var id = window.__clientSecret.split('_secret_')[0]
      window.location.assign(args.confirmParams.return_url + '?payment_intent=' + id +
        '&payment_intent_client_secret=' + window.__clientSecret + '&redirect_status=succeeded')
      return new Promise(function () {})
    },
    confirmSetup: function () { return Promise.resolve({ error: { message: 'not in this test' } }) },
  }
}`

/** Routes the page's Stripe.js to the stand-in above. */
export function useStripeJsStandIn(page: Page) {
  return page.route('https://js.stripe.com/**', (request) =>
    request.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: STRIPE_JS_STAND_IN,
    })
  )
}
