/*
| The study answer and the API's lightest requests against the machine's
| limit, measured in one run:
|
|   1. the bare anchor (bench/anchor/server.mjs): its trivial route and its
|      answer (token, lock, update, review row, commit), autocannon with 32
|      connections for 8 s each, as its own load script does;
|   2. the app's production build in a process of its own, the same load:
|      POST /api/v2/learning/answer (100 premium learners with a deck of 150
|      new cards each, every request answering a different card, with the
|      spec's body), GET /api/health and GET /api/users/me;
|   3. the same answers at two more sizes (issue 33: costs that stay flat as
|      decks and histories grow), each on learners of their own: decks of
|      3,000 cards, then decks of 150 with 1,000,000 review rows of 50 other
|      learners in the table; each figure beside the 150-card one;
|   4. the review rows counted: one per answer, none twice;
|   5. a second server behind a counting proxy (bench/sql_counter.ts): the
|      SQL statements and round trips of one request of each kind.
|
|   node --import=@poppinss/ts-exec bench/learning_answers.ts [--answers 8000] [--history 1000000]
|     [--profile] [--sql]
|
| With --profile the app's server runs under node --cpu-prof and the
| functions it spent most time in are printed (the profile stays in
| tmp/profiles, for Chrome's DevTools); with --sql the statements of one
| request of each kind are printed.
|
| Exits 1 when a request failed, the review rows do not add up, a larger
| size answers more than 10 % slower than the 150-card decks, or the answer
| reaches less than 0.45 of the anchor's answers/s (issue 33's budgets).
*/
import { readdir, rm } from 'node:fs/promises'
import type { Options } from 'autocannon'
import {
  backendsOf,
  benchClient,
  benchDatabaseUrl,
  cpuMs,
  type Child,
  bootForSeeding,
  ensureBuild,
  flag,
  load,
  perSecond,
  profileTop,
  resetDatabase,
  root,
  startAnchor,
  startServer,
  table,
  type LoadResult,
} from './support.js'
import { startSqlCounter } from './sql_counter.js'

const LEARNERS = 100
const CARDS = 150
const LARGE_DECK = 3000
const answers = Math.min(flag('answers', 8000), LEARNERS * CARDS)
const history = flag('history', 1_000_000)
/* the answers/s of a larger size may be at most this far below the 150-card figure */
const FLAT = 0.1
/* the answer's share of the bare anchor's answers/s, same run (issue 33's budget) */
const OF_ANCHOR = 0.45

ensureBuild()
await resetDatabase()

/* seeding: the app's own actions, in this process, before any load */
const seeding = await bootForSeeding()
const { db } = seeding
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')
const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()).id

interface Learner {
  token: string
  deckId: number
  cards: number[]
}
async function learner(name: string, cards: number): Promise<Learner> {
  const user = await createUser({
    email: `${name}@bench.test`,
    password: 'bench-password-1',
    provider: 'email',
    name: 'Bench',
  })
  await db.from('users').where('id', user.id).update({ is_premium: true })
  const [deck] = await db
    .table('decks')
    .insert({
      user_id: user.id,
      name: 'Bench deck',
      position: 0,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  await db.from('decks').where('id', deck.id).update({ root_deck_id: deck.id })
  await db.rawQuery(
    `insert into notes (user_id, deck_id, note_type_id, guid, fields, sort_text, search_text, created_at, updated_at)
     select ?, ?, ?, md5(? || '-' || i), jsonb_build_object('Front', 'Question ' || i, 'Back', 'Answer ' || i),
            'question ' || i, 'question ' || i, now(), now()
     from generate_series(1, ?) i`,
    [user.id, deck.id, basic, deck.id, cards]
  )
  const rows = await db.rawQuery(
    `insert into cards (note_id, deck_id, ord, created_at) select id, deck_id, 0, now() from notes where ` +
      `deck_id = ? order by id returning id`,
    [deck.id]
  )
  const token = await User.accessTokens.create(user)
  return {
    token: token.value!.release(),
    deckId: deck.id,
    cards: rows.rows.map((row: { id: number }) => row.id),
  }
}
async function cohort(prefix: string, cards: number) {
  const made: Learner[] = []
  for (let index = 0; index < LEARNERS; index++)
    made.push(await learner(`${prefix}${index}`, cards))
  return made
}
const learners = await cohort('learner', CARDS)
const large = await cohort('large', LARGE_DECK)
const historied = await cohort('historied', CARDS)
const warmUp = await learner('warm-up', 400)
const counted = await learner('counted', 200)

/*
 * Other learners' history: 50 learners with a deck each, whose cards carry
 * `history` review rows in all, a few months of them, written in the
 * table only after the first two loads.
 */
const OTHERS = 50
const others: Learner[] = []
for (let index = 0; index < OTHERS; index++) others.push(await learner(`other${index}`, 2000))
await seeding.stop()

async function writeHistory() {
  const client = await benchClient()
  const perCard = Math.max(1, Math.round(history / (OTHERS * 2000)))
  for (const other of others) {
    await client.query(
      `insert into review_logs (user_id, card_id, deck_id, answer, rating, kind, state_before, version_before,
         interval_before, interval_after, ease_after, reviewed_at, study_day, duration_ms, source)
       select d.user_id, c.id, c.deck_id, 'good', 3, 'review', 'review', k, k, k + 1, 2500,
              now() - (k || ' days')::interval, (now() - (k || ' days')::interval)::date, 4000, 'session'
         from cards c join decks d on d.id = c.deck_id, generate_series(1, $2::int) k
        where c.deck_id = $1`,
      [other.deckId, perCard]
    )
  }
  await client.query('analyze review_logs')
  const { rows } = await client.query('select count(*)::int as n from review_logs')
  await client.end()
  return rows[0].n as number
}

const json = (token: string) => ({
  'authorization': `Bearer ${token}`,
  'accept': 'application/json',
  'content-type': 'application/json',
})
const answerBody = (who: Learner, index: number) =>
  JSON.stringify({
    deck_id: who.deckId,
    card_id: who.cards[index],
    answer: index % 5 === 0 ? 'again' : 'good',
    review_duration_ms: 3000,
  })

/*
 * A load, with the CPU time the server process and its PostgreSQL backends
 * spent on it per request: what a request costs, whatever else the machine runs.
 */
type Measured = LoadResult & { appCpu: number; dbCpu: number }
async function measured(child: Child, database: string, options: Options): Promise<Measured> {
  const cpuOfBackends = async (before: Map<number, number>) => {
    let total = 0
    for (const pid of await backendsOf(database)) total += cpuMs(pid) - (before.get(pid) ?? 0)
    return total
  }
  const backends = new Map((await backendsOf(database)).map((pid) => [pid, cpuMs(pid)]))
  const app = cpuMs(child.process.pid!)
  const result = await load(options)
  const requests = result.requests.total
  return {
    ...result,
    appCpu: (cpuMs(child.process.pid!) - app) / requests,
    dbCpu: (await cpuOfBackends(backends)) / requests,
  }
}

/* 1. the anchor, alone on the machine */
const anchor = await startAnchor()
const anchorDatabase = benchDatabaseUrl.replace(/\/([^/]*)$/, '/$1_anchor')
const anchorTrivial = await measured(anchor, anchorDatabase, { url: `${anchor.base}/trivial` })
let sent = 0
const anchorAnswer = await measured(anchor, anchorDatabase, {
  url: `${anchor.base}/answer`,
  method: 'POST',
  requests: [
    {
      setupRequest: (request) => {
        sent++
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            'authorization': `Bearer tok${1 + (sent % 100)}`,
          },
          body: JSON.stringify({ card_id: 1 + (sent % 1000), answer: 3 }),
        }
      },
    },
  ],
})
await anchor.stop()

/* 2. the app */
const profiles = `${root}tmp/profiles`
const profiling = process.argv.includes('--profile')
if (profiling) await rm(profiles, { recursive: true, force: true })
const server = await startServer({}, profiling ? ['--cpu-prof', '--cpu-prof-dir', profiles] : [])
for (let index = 0; index < 300; index++) {
  const response = await fetch(`${server.base}/api/v2/learning/answer`, {
    method: 'POST',
    headers: json(warmUp.token),
    body: answerBody(warmUp, index),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`warm-up answer: ${response.status}`)
}
const health = await measured(server, benchDatabaseUrl, {
  url: `${server.base}/api/health`,
  headers: { accept: 'application/json' },
})
const me = await measured(server, benchDatabaseUrl, {
  url: `${server.base}/api/users/me`,
  headers: json(learners[0].token),
})
/* `answers` answers, round the learners, one new card each time: no card is answered twice */
function answerLoad(cohortOf: Learner[]) {
  let next = 0
  return measured(server, benchDatabaseUrl, {
    url: `${server.base}/api/v2/learning/answer`,
    method: 'POST',
    amount: answers,
    requests: [
      {
        setupRequest: (request) => {
          const who = cohortOf[next % LEARNERS]
          const body = answerBody(who, Math.floor(next / LEARNERS))
          next++
          return { ...request, headers: json(who.token), body }
        },
      },
    ],
  })
}
const answered = await answerLoad(learners)
const answeredLarge = await answerLoad(large)
const historyRows = await writeHistory()
const answeredHistoried = await answerLoad(historied)
/* a profile is written as the server exits: give it the time a loaded machine needs */
await server.stop(profiling ? 60_000 : undefined)

/* 3. the review rows */
const client = await benchClient()
const rows = Number(
  (
    await client.query(
      `select count(*) as n from review_logs r join users u on u.id = r.user_id ` +
        `where u.email like 'learner%' or u.email like 'large%' or u.email like 'historied%'`
    )
  ).rows[0].n
)
const twice = Number(
  (
    await client.query(
      `select count(*) as n from (select 1 from review_logs group by user_id, card_id, version_before having ` +
        `count(*) > 1) d`
    )
  ).rows[0].n
)
await client.end()

/* 4. SQL per request, through the counting proxy */
const database = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/')
const counter = await startSqlCounter({
  host: database.hostname,
  port: Number(database.port || 5432),
})
const countedServer = await startServer({
  PORT: String(Number(process.env.BENCH_PORT ?? 3336) + 1),
  DATABASE_URL: `postgres://${database.username}@127.0.0.1:${counter.port}${new URL(benchDatabaseUrl).pathname}`,
})
async function sqlPer(times: number, request: (index: number) => Promise<Response>) {
  for (let index = 0; index < 5; index++) await (await request(index)).arrayBuffer()
  counter.take()
  for (let index = 5; index < times + 5; index++) {
    const response = await request(index)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`counted request answered ${response.status}`)
  }
  const counts = counter.take()
  return {
    figure: `${(counts.statements / times).toFixed(1)} / ${(counts.roundTrips / times).toFixed(1)}`,
    last: counts.texts.slice(-Math.round(counts.statements / times)),
  }
}
const sql = {
  answer: await sqlPer(50, (index) =>
    fetch(`${countedServer.base}/api/v2/learning/answer`, {
      method: 'POST',
      headers: json(counted.token),
      body: answerBody(counted, index),
    })
  ),
  health: await sqlPer(50, () => fetch(`${countedServer.base}/api/health`)),
  me: await sqlPer(50, () =>
    fetch(`${countedServer.base}/api/users/me`, { headers: json(counted.token) })
  ),
}
await countedServer.stop()
await counter.stop()

const errors = (result: LoadResult) => result.errors + result.non2xx + result.timeouts
const ratio = (ours: LoadResult, theirs: LoadResult) =>
  (perSecond(ours) / perSecond(theirs)).toFixed(2)
const figures = (result: Measured) =>
  `${Math.round(perSecond(result))}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ` +
  `${errors(result)}, CPU ${result.appCpu.toFixed(2)} + ${result.dbCpu.toFixed(2)} ms`
console.log(
  `\nautocannon, 32 connections; the app: production build, ${LEARNERS} premium learners × ${CARDS} new cards, ` +
    `${answers} answers.`
)
console.log('CPU: the server process + its PostgreSQL backends, per request.')
console.log(
  table([
    ['request', 'Mnemo', 'bare anchor', 'ratio', 'SQL statements / round trips'],
    [
      'POST /api/v2/learning/answer',
      figures(answered),
      figures(anchorAnswer),
      ratio(answered, anchorAnswer),
      sql.answer.figure,
    ],
    [
      `  … decks of ${LARGE_DECK} cards`,
      figures(answeredLarge),
      `150-card decks: ${Math.round(perSecond(answered))}/s`,
      ratio(answeredLarge, answered),
      '',
    ],
    [
      `  … ${historyRows.toLocaleString('en')} review rows in the table`,
      figures(answeredHistoried),
      `150-card decks: ${Math.round(perSecond(answered))}/s`,
      ratio(answeredHistoried, answered),
      '',
    ],
    [
      'GET /api/health',
      figures(health),
      `trivial: ${figures(anchorTrivial)}`,
      ratio(health, anchorTrivial),
      sql.health.figure,
    ],
    [
      'GET /api/users/me',
      figures(me),
      `trivial: ${figures(anchorTrivial)}`,
      ratio(me, anchorTrivial),
      sql.me.figure,
    ],
  ])
)
if (process.argv.includes('--sql')) {
  for (const [name, statements] of Object.entries(sql)) {
    console.log(
      `\nThe statements of the last ${name}:\n${statements.last.map((text) => `  ${text.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')}`
    )
  }
}
if (profiling) {
  const [file] = await readdir(profiles)
  console.log(
    `\nWhere the server's time went (self time, all three loads; ` +
      `${profiles}/${file}):\n${profileTop(`${profiles}/${file}`)}`
  )
}
const flat = [answeredLarge, answeredHistoried].every(
  (size) => perSecond(size) >= (1 - FLAT) * perSecond(answered)
)
const loads = [answered, answeredLarge, answeredHistoried]
const ofAnchor = perSecond(answered) / perSecond(anchorAnswer)
const ok =
  flat &&
  ofAnchor >= OF_ANCHOR &&
  loads.every((size) => errors(size) === 0 && size['2xx'] === answers) &&
  errors(health) === 0 &&
  errors(me) === 0 &&
  rows === answers * loads.length &&
  twice === 0
const ok200 = loads.reduce((sum, size) => sum + size['2xx'], 0)
console.log(
  `\nReview rows: ${rows} for ${ok200} answers answered 200 (${answers * loads.length} sent), ${twice} ` +
    `written twice.`
)
console.log(
  `Flat as decks and histories grow (budget: within ${FLAT * 100} % of the 150-card figure): ` +
    `${flat ? 'yes' : 'NO'}.`
)
console.log(
  `The answer against the bare anchor's (budget: at least ${OF_ANCHOR}): ${ofAnchor.toFixed(2)}, ` +
    `${ofAnchor >= OF_ANCHOR ? 'within it' : 'SHORT of it'}.`
)
process.exit(ok ? 0 : 1)
