/*
| What a learner on a phone meets first (issue 33): the production build in
| Debian's Chromium at a phone's viewport (390×844, touch), on a network like
| Lighthouse's mobile one (150 ms round trip, 1.6 Mbit/s down, 675 kbit/s up;
| no CPU slowdown: this machine is slow enough). For each page, bytes on the
| wire (every byte the server sends the browser, headers included, counted
| by a relay between the two: Chromium's own accounting of a page leaves out
| what its service worker fetches for it, a warm load's document among them)
| and the time from navigation to the page being usable (the
| app hydrated, `html[data-ready]`; on the study page, the first card shown),
| once the server has rendered the page once (as a running server has):
|
|   - cold: a new browser context (an empty cache), signed in by its cookie;
|     the time is the median of three such loads;
|   - warm: the same page again in that context (what a returning learner loads);
|   - the 3-second deck poll: the Inertia partial reload the home page makes
|     (`only: polling`), bytes of its answer as sent (compressed).
|
| Pages: sign-in, home with 30 decks and with 300, a deck page, the study
| page, the library's home and a library deck (bench/phone_pages.ts, which
| bench/lighthouse.ts shares).
|
|   node --import=@poppinss/ts-exec bench/page_weight.ts [--detail] [--page <name>]
|
| With --detail each load's responses are listed, largest first, with the
| time each had arrived (Chromium's count: 0 KB for what the service worker
| answered); --page
| measures only the pages whose name starts with <name> (`--page study`).
|
| Prints each figure beside its budget and exits 1 when one is over.
*/
import { request as httpRequest } from 'node:http'
import { connect, createServer, type AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright'
import { launchChromium } from '#tests/support/chromium'
import { table } from './support.js'
import { pagesAsked, servePhonePages, type PhonePage } from './phone_pages.js'

const KB = 1024
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
/* --detail: each response of each load, largest first */
const detail = process.argv.includes('--detail')
/* the budgets; pages it names no budget for get the same as the study page (cold) and home (warm) */
const BUDGETS = {
  signInCold: 150 * KB,
  studyCold: 200 * KB,
  studyUsableMs: 1500,
  coldDefault: 200 * KB,
  warm: 25 * KB,
  poll: 2 * KB,
}
/* Lighthouse's mobile network (its "slow 4G" profile) */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Mobile Safari/537.36',
}

const { base, pages, email: pollingLearner, cookiesOf, stop } = await servePhonePages()

/* the relay the browser loads the pages through: `wire` counts every byte the server sends */
let wire = 0
const server = new URL(base)
const relay = createServer((socket) => {
  const upstream = connect(Number(server.port), server.hostname)
  upstream.on('data', (chunk: Buffer) => (wire += chunk.length))
  socket.pipe(upstream)
  upstream.pipe(socket)
  socket.on('error', () => upstream.destroy())
  upstream.on('error', () => socket.destroy())
})
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
const relayed = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`

type Ready = (page: Page) => Promise<unknown>
const hydrated: Ready = (page) =>
  page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 })
const firstCard: Ready = async (page) => {
  await hydrated(page)
  await page.locator('.learn-card[data-side="front"]').waitFor({ timeout: 60_000 })
}

/** One load of `path` in `page`: bytes on the wire and milliseconds to usable. */
async function load(page: Page, path: string, ready: Ready) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  const urls = new Map<string, string>()
  /* each response: its URL, its bytes, when it had arrived (ms after the navigation started) */
  const requests: [string, number, number][] = []
  let started = Date.now()
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url))
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId) ?? event.requestId
    requests.push([url, event.encodedDataLength, Date.now() - started])
  })
  const before = wire
  started = Date.now()
  await page.goto(relayed + path)
  await ready(page)
  const usableMs = Date.now() - started
  await page.waitForLoadState('networkidle')
  const bytes = wire - before
  await cdp.detach()
  if (detail) console.log(`  ${path}  usable at ${usableMs} ms, ${kb(bytes)} on the wire`)
  if (detail)
    for (const [url, size, at] of requests.sort((a, b) => b[1] - a[1]))
      console.log(
        `  ${path}  ${kb(size).padStart(10)}  at ${String(at).padStart(5)} ms  ${url.replace(relayed, '')}`
      )
  return { bytes, usableMs }
}

/* cold loads per page: the time to usable is their median (one load moves by ±150 ms here) */
const COLD_RUNS = 3

/**
 * Cold, then warm, in new phone contexts signed in as `email` (or signed out).
 * The server has rendered the page once before (a server in production is warm;
 * its first rendering of a page also loads that page's code): the first cold
 * load's bytes, and the median time of COLD_RUNS cold loads, each in a context
 * of its own; then the warm load in the last one.
 */
async function measure(browser: Browser, path: string, email: string | null, ready: Ready) {
  const cookie = email
    ? (await cookiesOf(email)).map(({ name, value }) => `${name}=${value}`).join('; ')
    : ''
  const warmUp = await fetch(base + path, { headers: { cookie } })
  if (warmUp.status !== 200) throw new Error(`${path}: ${warmUp.status} before measuring`)
  const colds: { bytes: number; usableMs: number }[] = []
  let warm = { bytes: 0, usableMs: 0 }
  for (let run = 0; run < COLD_RUNS; run++) {
    const context = await browser.newContext(PHONE)
    if (email) await context.addCookies(await cookiesOf(email))
    const page = await context.newPage()
    colds.push(await load(page, path, ready))
    if (run === COLD_RUNS - 1) warm = await load(page, path, ready)
    await context.close()
  }
  const times = colds.map((cold) => cold.usableMs).sort((a, b) => a - b)
  return { cold: { bytes: colds[0].bytes, usableMs: times[COLD_RUNS >> 1] }, warm }
}

/** The home page's 3-second poll as Inertia sends it: bytes of the answer as they travel. */
async function pollBytes(email: string) {
  const cookie = (await cookiesOf(email)).map(({ name, value }) => `${name}=${value}`).join('; ')
  const page = await fetch(`${base}/`, { headers: { cookie, 'x-inertia': 'true' } })
  const { version, component } = (await page.json()) as { version: string; component: string }
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${base}/`,
      {
        headers: {
          cookie,
          'accept-encoding': 'br, gzip',
          'x-inertia': 'true',
          'x-inertia-version': version,
          'x-inertia-partial-component': component,
          'x-inertia-partial-data': 'polling',
          'x-requested-with': 'XMLHttpRequest',
        },
      },
      (response) => {
        const head = Object.entries(response.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n').length
        let body = 0
        response.on('data', (chunk: Buffer) => (body += chunk.length))
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(head + body)
            : reject(new Error(`poll: ${response.statusCode}`))
        )
      }
    )
    req.on('error', reject)
    req.end()
  })
}

/** A page's budgets, and when it is usable: the study page once its first card shows. */
function budgetsOf(spec: PhonePage) {
  if (spec.study)
    return { ready: firstCard, cold: BUDGETS.studyCold, usableMs: BUDGETS.studyUsableMs }
  return {
    ready: hydrated,
    cold: spec.name === 'sign-in' ? BUDGETS.signInCold : BUDGETS.coldDefault,
    usableMs: undefined,
  }
}

const rows: (string | number)[][] = [
  ['page', 'cold', 'budget', 'usable', 'budget', 'warm', 'budget', ''],
]
const over: string[] = []
const browser = await launchChromium()
try {
  for (const page of pagesAsked(pages)) {
    const spec = { ...page, ...budgetsOf(page) }
    const { cold, warm } = await measure(browser, spec.path, spec.email, spec.ready)
    const bad = [
      cold.bytes > spec.cold && 'cold bytes',
      spec.usableMs !== undefined && cold.usableMs > spec.usableMs && 'time to usable',
      warm.bytes > BUDGETS.warm && 'warm bytes',
    ].filter(Boolean)
    if (bad.length) over.push(`${spec.name}: ${bad.join(', ')}`)
    rows.push([
      spec.name,
      kb(cold.bytes),
      `≤ ${kb(spec.cold)}`,
      `${cold.usableMs} ms`,
      spec.usableMs ? `≤ ${spec.usableMs} ms` : '—',
      kb(warm.bytes),
      `≤ ${kb(BUDGETS.warm)}`,
      bad.length ? 'OVER' : 'ok',
    ])
  }
  const poll = await pollBytes(pollingLearner)
  if (poll > BUDGETS.poll) over.push('the deck poll')
  rows.push([
    'deck poll (3 s)',
    kb(poll),
    `≤ ${kb(BUDGETS.poll)}`,
    '',
    '',
    '',
    '',
    poll > BUDGETS.poll ? 'OVER' : 'ok',
  ])
} finally {
  await browser.close()
  relay.close()
  await stop()
}

console.log(`\nPage weight on a phone (production build, ${base}), ${new Date().toISOString()}\n`)
console.log(table(rows))
if (over.length) {
  console.log(`\nOver budget: ${over.join('; ')}`)
  process.exitCode = 1
}
