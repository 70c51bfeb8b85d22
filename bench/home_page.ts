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

const runs = flag('runs', 30)

ensureBuild()
await resetDatabase()

/* seeding: the app's own actions and plain SQL, in this process, before any request */
const seeding = await bootForSeeding()
const { db } = seeding
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')

async function seed(email: string, roots: number, cardsPerDeck: number) {
  const user = await createUser({
    email,
    password: 'bench-password-1',
    provider: 'email',
    name: 'Bench',
  })
  await db.rawQuery(
    `insert into folders (user_id, name, color, position, created_at, updated_at)
     select ?, 'Folder ' || i, 'blue', i, now(), now() from generate_series(1, ?) i`,
    [user.id, Math.max(1, roots / 5)]
  )
  /* each root deck has a subdeck which has a subdeck: 3 decks per root */
  await db.rawQuery(
    `insert into decks (user_id, name, position, folder_id, created_at, updated_at)
     select ?, 'Deck ' || i, i, f.id, now(), now()
     from generate_series(1, ?) i
     join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from folders where
       user_id = ?) f
       on f.n = i % f.total`,
    [user.id, roots, user.id]
  )
  await db.rawQuery('update decks set root_deck_id = id where user_id = ?', [user.id])
  for (const name of ['Subdeck', 'Sub-subdeck']) {
    await db.rawQuery(
      `insert into decks (user_id, name, position, parent_id, root_deck_id, created_at, updated_at)
       select ?, ?, 1, d.id, d.root_deck_id, now(), now() from decks d
       where d.user_id = ? and not exists (select 1 from decks c where c.parent_id = d.id)`,
      [user.id, name, user.id]
    )
  }
  const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()).id
  await db.rawQuery(
    `insert into notes (user_id, deck_id, note_type_id, guid, fields, sort_text, search_text, created_at, updated_at)
     select ?, d.id, ?, md5(d.id || '-' || i), jsonb_build_object('Front', 'Question ' || i, 'Back', 'Answer ' || i),
            'question ' || i, 'question ' || i || ' answer ' || i, now(), now()
     from decks d, generate_series(1, ?) i where d.user_id = ?`,
    [user.id, basic, cardsPerDeck, user.id]
  )
  await db.rawQuery(
    `insert into cards (note_id, deck_id, ord, created_at) select n.id, n.deck_id, 0, now() from notes n where ` +
      `n.user_id = ?`,
    [user.id]
  )
  /* a third reviewed, a tenth learning, a few frozen: counters have work to do */
  await db.rawQuery(
    `insert into card_progress (user_id, card_id, deck_id, state, due_at, frozen, created_at, updated_at)
     select ?, c.id, c.deck_id,
            case when c.id % 10 = 0 then 'learning' else 'review' end,
            now() + ((c.id % 20) - 5) * interval '1 day', c.id % 50 = 0, now(), now()
     from cards c join notes n on n.id = c.note_id where n.user_id = ? and (c.id % 3 = 0 or c.id % 10 = 0)`,
    [user.id, user.id]
  )
  await db.rawQuery('analyze')
  const decks = await db.from('decks').where('user_id', user.id).count('* as n').first()
  const cards = await db
    .from('cards')
    .join('notes', 'notes.id', 'cards.note_id')
    .where('notes.user_id', user.id)
    .count('* as n')
    .first()
  const token = (await User.accessTokens.create(user)).value!.release()
  return { email, token, size: `${decks.n} decks, ${cards.n} cards` }
}
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
