import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/*
 * The pages' Content-Security-Policy (config/shield.ts sends it) and its two
 * companions. Scripts run only from the app's origin or with the request's
 * nonce (the Edge layout gives it to Vite's tags); images, sounds and
 * fetches stay on the app's origin, so a card can make no viewer's browser
 * call another host (remote images are stored on save: docs/decisions/
 * 0056-remote-images-in-cards.md). The few third parties the product loads are allowed
 * only when configured: Stripe.js (checkout), Cello's loader (referral
 * toast) and Unsplash's photo thumbnails (image search, which Unsplash's
 * guidelines ask to hotlink). They are on every page rather than only on
 * those that load them: an Inertia visit keeps the first page's document,
 * and so its policy.
 */

type Source = string | (() => string)

const origin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : ''
  } catch {
    return ''
  }
}

const stripe = () => (env.get('STRIPE_PUBLISHABLE_KEY') ? true : false)
const cello = () =>
  env.get('CELLO_PRODUCT_ID')
    ? env.get('CELLO_SCRIPT_URL', 'https://assets.cello.so/app/latest/cello.js')
    : ''

/* Cello's loader brings its widget from sibling hosts (api., assets., …): the loader's domain and its subdomains */
const celloHosts = () => {
  const script = origin(cello())
  if (!script) return ''
  const url = new URL(script)
  const domain = url.hostname.split('.').slice(-2).join('.')
  return `${url.protocol}//${domain} ${url.protocol}//*.${domain}`
}

const unsplashImages = () => {
  if (!env.get('UNSPLASH_ACCESS_KEY')) return ''
  return ['https://images.unsplash.com', origin(env.get('UNSPLASH_API_URL'))]
    .filter(Boolean)
    .join(' ')
}

/* development and tests: Vite's dev server (same origin) keeps its HMR websocket on a port of its own */
const viteSocket = () =>
  env.get('NODE_ENV') === 'production' ? '' : 'ws://localhost:* ws://127.0.0.1:*'

const when = (test: () => boolean, sources: string) => () => (test() ? sources : '')
const stripeScripts = when(stripe, 'https://js.stripe.com')
const stripeFrames = when(stripe, 'https://js.stripe.com https://hooks.stripe.com')
const stripeCalls = when(stripe, 'https://api.stripe.com')
const stripeImages = when(stripe, 'https://*.stripe.com')

/** The directives shield sends (its `@nonce` keyword is the request's nonce). */
export function pagePolicy(): Record<string, Source[]> {
  return {
    defaultSrc: [`'self'`],
    scriptSrc: [`'self'`, '@nonce', stripeScripts, () => origin(cello())],
    scriptSrcAttr: [`'none'`],
    /* React's style attributes, Vite's injected <style> in development, card and preset CSS */
    styleSrc: [`'self'`, `'unsafe-inline'`, celloHosts],
    imgSrc: [`'self'`, 'data:', 'blob:', unsplashImages, stripeImages, celloHosts],
    mediaSrc: [`'self'`, 'data:', 'blob:'],
    fontSrc: [`'self'`, 'data:', celloHosts],
    connectSrc: [`'self'`, viteSocket, stripeCalls, celloHosts],
    frameSrc: [`'self'`, stripeFrames, celloHosts],
    workerSrc: [`'self'`, 'blob:'],
    objectSrc: [`'none'`],
    baseUri: [`'self'`],
    formAction: [`'self'`],
    frameAncestors: [`'none'`],
  }
}

/** What a page's browser may use besides: nothing the product does not use (no recording, no location). */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=(self "https://js.stripe.com")',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ')

export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/**
 * Replaces one directive of the policy shield set for this response (the
 * embed page may be framed anywhere: `frame-ancestors *`).
 */
export function setDirective(response: HttpContext['response'], name: string, value: string) {
  const current = String(response.getHeader('Content-Security-Policy') ?? '')
  const kept = current
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name} `) && part !== name)
  response.header('Content-Security-Policy', [...kept, `${name} ${value}`].join(';'))
}
