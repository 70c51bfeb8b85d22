/*
| The README's first command, tried as a newcomer tries it: `npm start` with
| nothing set (the embedded PostgreSQL, no Redis), then what a first visit
| does: the home page, the demo account signed in through the API and through
| the sign-in form in a real browser, the demo deck and its statistics, a
| small text import carried to its end by the worker, and Ctrl-C, after which
| the web server, the worker and PostgreSQL must all be gone and the port free.
|
| `npm run smoke` in a fresh clone (CI clones the commit into a new folder for
| it). It prints each check; on failure it says which, with the last lines of
| the server's output, and exits 1.
*/
import { spawn, execFileSync } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { DEMO } from '#database/demo_account'
import { launchChromium } from '#tests/support/chromium'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const READY_WITHIN_S = Number(process.env.SMOKE_READY_WITHIN || 240)
const STOP_WITHIN_S = 30
const DEMO_DECK = 'World capitals'
const IMPORT = 'front,back\nla mesa,the table\nla silla,the chair\nel árbol,the tree\n'

const output: string[] = []
/* what `npm start` prints once Ctrl-C is sent */
const stopping: string[] = []
let ctrlCSent = false
const checked: string[] = []

function ok(what: string) {
  checked.push(what)
  console.log(`  ✓ ${what}`)
}

function fail(what: string, error?: unknown): never {
  console.error(
    `\n  ✗ ${what}${error ? `: ${error instanceof Error ? error.message : String(error)}` : ''}`
  )
  console.error(
    `\n--- the last lines of \`npm start\` ---\n${output.join('').split('\n').slice(-60).join('\n')}\n---`
  )
  console.error(`\nsmoke: FAILED after ${checked.length} check(s)`)
  cleanup()
  process.exit(1)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer()
    server
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

async function sparePort(from: number) {
  for (let port = from; port < from + 200; port++) if (await portFree(port)) return port
  return fail(`no free port from ${from}`)
}

/** Every process below `root` (npm, the launcher, ace serve and its server, the worker, postgres and its helpers). */
function descendants(root: number) {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, ...args]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      comm: role(args.join(' ')),
    }))
  const found = new Map<number, string>()
  const queue = [root]
  while (queue.length) {
    const parent = queue.shift()!
    for (const row of rows) {
      if (row.ppid === parent && !found.has(row.pid)) {
        found.set(row.pid, row.comm)
        queue.push(row.pid)
      }
    }
  }
  return found
}

/** What a process of `npm start` is there for, from its command line. */
function role(args: string) {
  if (args.includes('queue:work')) return 'the worker'
  if (/ace(\.js)? serve|bin\/server/.test(args)) return 'the web server'
  if (/postgres/.test(args)) return 'PostgreSQL'
  if (args.includes('bin/start')) return 'the launcher'
  return args.split(' ')[0].split('/').pop() ?? args
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/* everything the smoke started, in case it fails midway */
let group: number | undefined
function cleanup() {
  if (group && alive(group)) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {}
  }
}

async function json(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(init.headers as Record<string, string>),
  }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await fetch(`${base}${path}`, { ...init, headers })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, body }
}

async function main() {
  const env = { ...process.env }
  for (const name of [
    'DATABASE_URL',
    'DB_HOST',
    'REDIS_URL',
    'APP_URL',
    'NODE_ENV',
    'EMBEDDED_PG_PORT',
  ])
    delete env[name]
  const port = await sparePort(Number(process.env.SMOKE_PORT || 3400))
  env.PORT = String(port)
  env.HOST = '127.0.0.1'
  /* the embedded server's own port, unless something else on this machine already holds it */
  const pgPort = (await portFree(54320)) ? 54320 : await sparePort(54500)
  if (pgPort !== 54320) env.EMBEDDED_PG_PORT = String(pgPort)
  const base = `http://127.0.0.1:${port}`
  console.log(
    `smoke: \`npm start\` in ${ROOT} on port ${port} (embedded PostgreSQL on ${pgPort}, no Redis)`
  )

  const started = Date.now()
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  group = child.pid
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString())
    if (ctrlCSent) stopping.push(chunk.toString())
    if (output.length > 2000) output.splice(0, output.length - 2000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let exited: number | null | undefined
  child.once('exit', (code) => (exited = code))

  /* 1. the home page answers */
  for (;;) {
    if (exited !== undefined)
      fail(`\`npm start\` exited with code ${exited} before serving the home page`)
    if ((Date.now() - started) / 1000 > READY_WITHIN_S)
      fail(`the home page did not answer within ${READY_WITHIN_S} s`)
    const status = await fetch(`${base}/`).then(
      (response) => response.status,
      () => 0
    )
    if (status === 200) break
    await sleep(500)
  }
  ok(
    `the home page answers 200, ${((Date.now() - started) / 1000).toFixed(1)} s after \`npm start\``
  )

  /* 2. the demo account through the API */
  const login = await json(base, '/api/authentication/login_with_provider', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'email', user: { email: DEMO.email, password: DEMO.password } }),
  })
  if (login.status !== 200 || !login.body?.token)
    fail(`API sign-in of ${DEMO.email} answered ${login.status}`, JSON.stringify(login.body))
  const token = login.body.token as string
  ok(`API: ${DEMO.email} signs in and gets a token`)

  const decks = await json(base, '/api/decks', { token })
  const demoDeck = (decks.body?.decks ?? []).find((deck: any) => deck.name === DEMO_DECK)
  if (!demoDeck)
    fail(
      `GET /api/decks (${decks.status}) has no "${DEMO_DECK}" deck`,
      JSON.stringify(decks.body)?.slice(0, 300)
    )
  if (!(demoDeck.totalCardsCount > 0)) fail(`"${DEMO_DECK}" has no cards`, JSON.stringify(demoDeck))
  ok(`API: the demo deck "${DEMO_DECK}" is listed with ${demoDeck.totalCardsCount} cards`)

  const stats = await json(base, `/api/statistics?deck_id=${demoDeck.id}`, { token })
  const reviews = Number(stats.body?.heatmap?.totalReviews)
  const studiedDays = Number(stats.body?.heatmap?.studiedDays)
  if (stats.status !== 200 || !(reviews > 0))
    fail(
      `GET /api/statistics of the demo deck (${stats.status}) shows no reviews`,
      JSON.stringify(stats.body)?.slice(0, 300)
    )
  ok(`API: the demo deck's statistics count ${reviews} reviews on ${studiedDays} days`)

  /* 3. the web: the sign-in form in a real browser, then the home page and the statistics page */
  const browser = await launchChromium().catch((error) =>
    fail('Chromium did not start (set CHROMIUM_PATH)', error)
  )
  try {
    const page = await (await browser.newContext({ baseURL: base, locale: 'en-US' })).newPage()
    await page.goto('/sign-in')
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 })
    await page.getByLabel('E-mail').fill(DEMO.email)
    await page.getByLabel('Password').fill(DEMO.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText(DEMO_DECK).first().waitFor({ timeout: 30_000 })
    ok(`web: the sign-in form signs the demo learner in; the home page lists "${DEMO_DECK}"`)
    await page.goto(`/statistics?deck_id=${demoDeck.id}`)
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30_000 })
    await page.getByText(DEMO_DECK).first().waitFor({ timeout: 30_000 })
    /* the heatmap's caption: "N reviews on D days", the API's figures */
    await page
      .getByText(`${reviews.toLocaleString('en-US')} reviews on ${studiedDays} days`)
      .waitFor({ timeout: 30_000 })
    ok(
      `web: the statistics page of "${DEMO_DECK}" shows the same ${reviews} reviews on ${studiedDays} days`
    )
  } catch (error) {
    fail('the web sign-in and pages', error)
  } finally {
    await browser.close()
  }

  /* 4. a text import, carried to its end by the worker */
  const form = new FormData()
  form.append('file', new Blob([IMPORT], { type: 'text/csv' }), 'Smoke words.csv')
  const upload = await json(base, '/api/deck_imports', { method: 'POST', body: form, token })
  if (upload.status !== 202)
    fail(`POST /api/deck_imports answered ${upload.status}`, JSON.stringify(upload.body))
  let imported: any
  const importDeadline = Date.now() + 90_000
  while (Date.now() < importDeadline) {
    imported = (await json(base, `/api/deck_imports/${upload.body.id}`, { token })).body
    if (['done', 'failed', 'cancelled'].includes(imported?.status)) break
    await sleep(250)
  }
  if (imported?.status !== 'done')
    fail(
      `the import is "${imported?.status}" (the worker did not finish it within 90 s)`,
      JSON.stringify(imported)
    )
  const importedDeck = await json(base, `/api/decks/${imported.deckId}`, { token })
  const cards = importedDeck.body?.deck?.totalCardsCount ?? importedDeck.body?.totalCardsCount
  if (cards !== 3)
    fail(
      `the imported deck holds ${cards} cards, not 3`,
      JSON.stringify(importedDeck.body)?.slice(0, 300)
    )
  ok('worker: a 3-row CSV import ends "done" and its deck holds 3 cards')

  /* 5. Ctrl-C: the terminal sends SIGINT to the whole foreground group */
  const processes = descendants(child.pid!)
  processes.set(child.pid!, 'npm')
  const roles = new Set(processes.values())
  for (const needed of ['the web server', 'the worker', 'PostgreSQL']) {
    if (!roles.has(needed))
      fail(`${needed} is not among the processes of \`npm start\`: ${[...roles].join(', ')}`)
  }
  ctrlCSent = true
  process.kill(-child.pid!, 'SIGINT')
  const stopDeadline = Date.now() + STOP_WITHIN_S * 1000
  /*
   * when each role's last process ended: PostgreSQL must outlive the web server and the worker, or their
   * sessions end under them
   */
  const gone = new Map<string, number>()
  while (Date.now() < stopDeadline && [...processes.keys()].some(alive)) {
    for (const name of roles)
      if (!gone.has(name) && ![...processes].some(([pid, comm]) => comm === name && alive(pid)))
        gone.set(name, Date.now())
    await sleep(20)
  }
  for (const name of roles) if (!gone.has(name)) gone.set(name, Date.now())
  const left = [...processes].filter(([pid]) => alive(pid))
  if (left.length)
    fail(
      `still running ${STOP_WITHIN_S} s after Ctrl-C: ${left.map(([pid, comm]) => `${comm} (${pid})`).join(', ')}`
    )
  ok(`Ctrl-C stops all ${processes.size} processes: ${[...roles].join(', ')}`)
  if (gone.get('PostgreSQL')! < Math.max(gone.get('the web server')!, gone.get('the worker')!)) {
    fail(
      "PostgreSQL stopped before the web server and the worker had (the terminal's Ctrl-C reached it)",
      JSON.stringify([...gone].map(([name, at]) => [name, at - stopDeadline]))
    )
  }
  ok('PostgreSQL stops last, after the web server and the worker')
  if (!(await portFree(port))) fail(`port ${port} is still taken after Ctrl-C`)
  if (!(await portFree(pgPort))) fail(`PostgreSQL's port ${pgPort} is still taken after Ctrl-C`)
  ok(`ports ${port} (web) and ${pgPort} (PostgreSQL) are free again`)
  const afterStop = stopping.join('')
  if (/FATAL|terminating connection|Error:/.test(afterStop))
    fail('stopping printed an error', afterStop.split('\n').slice(-20).join('\n'))
  ok('nothing but a clean stop is printed after Ctrl-C')

  console.log(
    `\nsmoke: PASSED, ${checked.length} checks in ${((Date.now() - started) / 1000).toFixed(1)} s`
  )
}

process.once('SIGINT', () => {
  cleanup()
  process.exit(130)
})
await main().catch((error) => fail('unexpected error', error))
