/*
| The home page against the machine's floor, measured in one run:
|
|   1. the bare anchor's trivial route (bench/anchor/server.mjs), one request
|      at a time: what a request costs on this machine with no work in it;
|   2. the app's production build in a process of its own: a learner with
|      300 decks (100 roots in 20 folders, each with a subdeck and a
|      sub-subdeck) and 30,000 cards, and a baseline learner with 30 decks and
|      3,000 cards; GET / (the server-rendered home page, signed in with the
|      session cookie) and GET /api/decks (the apps' deck list, bearer token),
|      one request at a time: median and 95th percentile time;
|   3. a second server behind the counting proxy (bench/sql_counter.ts): the
|      SQL statements of one request of each kind, for both learners.
|
|   node --import=@poppinss/ts-exec bench/home_page.ts [--runs 30] [--profile] [--sql]
|
| With --profile the timed server runs under node --cpu-prof and the
| functions it spent most time in are printed (the profile stays in
| tmp/profiles, for Chrome's DevTools); with --sql the statements of one
| home page of the large learner are printed.
|
| Exits 1 when a request failed or the statement count grows with the number
| of decks.
*/
import { readdir, rm } from 'node:fs/promises'
import {
  benchDatabaseUrl,
  bootForSeeding,
  browserSession,
  ensureBuild,
  flag,
  percentiles,
  profileTop,
  resetDatabase,
  root,
  startAnchor,
  startServer,
  table,
} from './support.js'
import { startSqlCounter } from './sql_counter.js'
import { seedDeckTree } from './seed_decks.js'

const runs = flag('runs', 30)

ensureBuild()
await resetDatabase()

/* seeding: the app's own actions and plain SQL, in this process, before any request */
const seeding = await bootForSeeding()
const seed = (email: string, roots: number, cardsPerDeck: number) =>
  seedDeckTree(seeding.db, email, roots, cardsPerDeck)
const learners = [
  { label: 'baseline', ...(await seed('baseline@bench.test', 10, 100)) },
  { label: 'large', ...(await seed('large@bench.test', 100, 100)) },
]
await seeding.stop()

type Call = (path: string) => Promise<Response>

/** A browser's session (bench/support.ts); each answer read to the end. */
async function signIn(base: string, email: string): Promise<Call> {
  const get = await browserSession(base, email)
  return async (path) => {
    const response = await get(path)
    await response.arrayBuffer()
    return response
  }
}

function bearer(base: string, token: string): Call {
  return async (path) => {
    const response = await fetch(base + path, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
    await response.arrayBuffer()
    return response
  }
}

/** One request at a time; the first few warm the caches and compile the views. */
async function timed(call: Call, path: string) {
  const times: number[] = []
  for (let index = 0; index < runs + 3; index++) {
    const start = performance.now()
    const response = await call(path)
    const elapsed = performance.now() - start
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    if (index >= 3) times.push(elapsed)
  }
  return percentiles(times, [0.5, 0.95])
}

/* 1. the floor */
const anchor = await startAnchor()
const floor = await timed(async (path) => {
  const response = await fetch(anchor.base + path)
  await response.arrayBuffer()
  return response
}, '/trivial')
await anchor.stop()

/* 2. the app, timed */
const profiles = `${root}tmp/profiles`
const profiling = process.argv.includes('--profile')
if (profiling) await rm(profiles, { recursive: true, force: true })
const server = await startServer({}, profiling ? ['--cpu-prof', '--cpu-prof-dir', profiles] : [])
const rows: (string | number)[][] = [
  [
    'learner',
    'size',
    'request',
    'median ms',
    'p95 ms',
    'ratio to the floor (median)',
    'SQL statements',
  ],
]
const timings = []
for (const learner of learners) {
  const page = await timed(await signIn(server.base, learner.email), '/')
  const api = await timed(bearer(server.base, learner.token), '/api/decks')
  timings.push({ learner, page, api })
}
await server.stop()

/* 3. SQL per request, through the counting proxy */
const database = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/')
const counter = await startSqlCounter({
  host: database.hostname,
  port: Number(database.port || 5432),
})
const counted = await startServer({
  PORT: String(Number(process.env.BENCH_PORT ?? 3336) + 1),
  DATABASE_URL: `postgres://${database.username}@127.0.0.1:${counter.port}${new URL(benchDatabaseUrl).pathname}`,
})
let lastPage: string[] = []
async function statements(call: Call, path: string) {
  await call(path)
  counter.take()
  const response = await call(path)
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  const { statements: count, texts } = counter.take()
  if (path === '/') lastPage = texts.slice(-count)
  return count
}
const counts: number[] = []
for (const { learner, page, api } of timings) {
  const pageSql = await statements(await signIn(counted.base, learner.email), '/')
  const apiSql = await statements(bearer(counted.base, learner.token), '/api/decks')
  counts.push(pageSql, apiSql)
  rows.push([
    learner.label,
    learner.size,
    'GET /',
    page[0],
    page[1],
    (Number(page[0]) / Number(floor[0])).toFixed(0) + '×',
    pageSql,
  ])
  rows.push([
    learner.label,
    learner.size,
    'GET /api/decks',
    api[0],
    api[1],
    (Number(api[0]) / Number(floor[0])).toFixed(0) + '×',
    apiSql,
  ])
}
await counted.stop()
await counter.stop()

rows.push(['(floor)', '', 'anchor GET /trivial', floor[0], floor[1], '1×', 0])
console.log(`\nThe home page, production build, ${runs} requests each, one at a time:`)
console.log(table(rows))
if (process.argv.includes('--sql')) {
  console.log(
    `\nThe statements of the large learner's home page:\n${lastPage.map((text) => `  ${text.replace(/\s+/g, ' ').slice(0, 200)}`).join('\n')}`
  )
}
if (profiling) {
  const [file] = await readdir(profiles)
  console.log(
    `\nWhere the server's time went (self time, both learners; ` +
      `${profiles}/${file}):\n${profileTop(`${profiles}/${file}`, 30)}`
  )
}
const same = counts[0] === counts[2] && counts[1] === counts[3]
console.log(
  same
    ? '\nThe statement count does not grow with the number of decks.'
    : '\nTHE STATEMENT COUNT GROWS WITH THE NUMBER OF DECKS'
)
process.exit(same ? 0 : 1)
