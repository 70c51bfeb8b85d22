/*
| Answer benchmark: concurrent learners answering cards through
| POST /api/v2/learning/answer (lock, schedule, progress and review rows,
| study day, streak, counters — the whole answer), side by side with a
| trivial route of the same server (GET /api/health) under the same load.
| Prints answers per second and latency percentiles of both, and their ratio.
|
|   node --import=@poppinss/ts-exec bench/learning_answers.ts [--learners 16] [--answers 200]
|
| Each virtual learner has a deck of its own (as real learners do), premium
| so the daily limit does not stop them; every answer names the card's
| version, as the apps send it. Uses DATABASE_URL when set (the mnemo_bench
| database in it is reset!), else the embedded test PostgreSQL.
*/
import { flag, percentiles, startBenchServer } from './support.js'

const learners = flag('learners', 16)
const answersEach = flag('answers', 200)
const server = await startBenchServer()
const { db } = server
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')

const basic = (await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()).id
const sessions: { token: string; deckId: number; cards: number[] }[] = []
for (let index = 0; index < learners; index++) {
  const user = await createUser({ email: `learner${index}@bench.test`, password: 'bench-password-1', provider: 'email', name: 'Bench' })
  await db.from('users').where('id', user.id).update({ is_premium: true })
  const [deck] = await db
    .table('decks')
    .insert({ user_id: user.id, name: 'Bench deck', position: 0, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  await db.from('decks').where('id', deck.id).update({ root_deck_id: deck.id })
  await db.rawQuery(
    `insert into notes (user_id, deck_id, note_type_id, guid, fields, sort_text, search_text, created_at, updated_at)
     select ?, ?, ?, md5(? || '-' || i), jsonb_build_object('Front', 'Question ' || i, 'Back', 'Answer ' || i),
            'question ' || i, 'question ' || i, now(), now()
     from generate_series(1, ?) i`,
    [user.id, deck.id, basic, deck.id, answersEach + 20]
  )
  const cards = await db.rawQuery(
    `insert into cards (note_id, deck_id, ord, created_at) select id, deck_id, 0, now() from notes where deck_id = ? order by id returning id`,
    [deck.id]
  )
  const token = await User.accessTokens.create(user)
  sessions.push({ token: token.value!.release(), deckId: deck.id, cards: cards.rows.map((row: { id: number }) => row.id) })
}

async function timed(request: () => Promise<Response>, expect: number) {
  const start = performance.now()
  const response = await request()
  await response.arrayBuffer()
  const elapsed = performance.now() - start
  if (response.status !== expect) throw new Error(`answered ${response.status}, expected ${expect}`)
  return elapsed
}

/* every learner in parallel, each sending its requests one after the other, as a person studying does */
async function load(label: string, perLearner: (learner: (typeof sessions)[number], index: number) => Promise<number>) {
  const times: number[] = []
  const start = performance.now()
  await Promise.all(
    sessions.map(async (learner) => {
      for (let index = 0; index < answersEach; index++) times.push(await perLearner(learner, index))
    })
  )
  const seconds = (performance.now() - start) / 1000
  const [p50, p95, p99] = percentiles(times)
  return { label, requests: times.length, perSecond: times.length / seconds, p50, p95, p99 }
}

const headers = (token: string) => ({ 'authorization': `Bearer ${token}`, 'accept': 'application/json', 'content-type': 'application/json' })

/* warm-up: compile routes, fill connection pools */
for (const learner of sessions.slice(0, 2)) await timed(() => fetch(`${server.base}/api/health`, { headers: headers(learner.token) }), 200)

const trivial = await load('GET /api/health', (learner) =>
  timed(() => fetch(`${server.base}/api/health`, { headers: headers(learner.token) }), 200)
)
const answers = await load('POST /api/v2/learning/answer', (learner, index) =>
  timed(
    () =>
      fetch(`${server.base}/api/v2/learning/answer`, {
        method: 'POST',
        headers: headers(learner.token),
        body: JSON.stringify({
          deck_id: learner.deckId, card_id: learner.cards[index], answer: index % 5 === 0 ? 'again' : 'good',
          review_duration_ms: 3000, version: 0,
        }),
      }),
    200
  )
)

const reviews = Number((await db.from('review_logs').count('* as n').first()).n)
console.log(`\n${learners} learners in parallel, ${answersEach} requests each (latency in ms):`)
console.log(['route', 'requests', 'per second', 'p50', 'p95', 'p99'].join('\t'))
for (const row of [trivial, answers]) {
  console.log([row.label, row.requests, row.perSecond.toFixed(0), row.p50, row.p95, row.p99].join('\t'))
}
console.log(`\nAn answer costs ${(trivial.perSecond / answers.perSecond).toFixed(1)}× the trivial route in throughput; review rows written: ${reviews} of ${answers.requests}.`)
await server.stop()
process.exit(reviews === answers.requests ? 0 : 1)
