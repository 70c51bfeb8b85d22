/*
| Home page benchmark: seeds one learner with 300 decks (folders, nested
| subdecks) and 30,000 cards, then measures the server time and the number
| of SQL queries of GET / (the deck list page, server-rendered) and of
| GET /api/decks. Baseline in the same run: a learner with 30 decks and
| 3,000 cards. The query count must be the same for both sizes.
|
|   node --import=@poppinss/ts-exec bench/home_page.ts [--runs 30]
|
| Uses DATABASE_URL when set (its database is reset!), else the embedded
| test PostgreSQL, in a database of its own named mnemo_bench.
*/
import { flag, percentiles, startBenchServer } from './support.js'

const runs = flag('runs', 30)
const server = await startBenchServer()
const { db } = server
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')

/* every statement on the app's connection, counted */
let queries = 0
db.connection().getWriteClient().on('query', () => queries++)
db.connection().getReadClient().on('query', () => queries++)

async function seed(email: string, roots: number, cardsPerDeck: number) {
  const user = await createUser({ email, password: 'bench-password-1', provider: 'email', name: 'Bench' })
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
     join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from folders where user_id = ?) f
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
    `insert into cards (note_id, deck_id, ord, created_at) select n.id, n.deck_id, 0, now() from notes n where n.user_id = ?`,
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
  return user
}

async function signIn(email: string) {
  const base = server.base
  const cookies = new Map<string, string>()
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(base + path, {
      method,
      redirect: 'manual',
      headers: {
        'cookie': [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'accept': 'text/html',
        'referer': `${base}/sign-in`,
        ...(body ? { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    await response.arrayBuffer()
    return response
  }
  await call('GET', '/sign-in')
  await call('POST', '/sign-in', { email, password: 'bench-password-1' })
  return call
}

type Call = Awaited<ReturnType<typeof signIn>>

async function measure(call: Call, path: string) {
  const times: number[] = []
  let perRequest = 0
  for (let i = 0; i < runs + 3; i++) {
    const before = queries
    const start = performance.now()
    const response = await call('GET', path)
    const elapsed = performance.now() - start
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    if (i >= 3) times.push(elapsed) /* the first calls warm caches and compile views */
    perRequest = queries - before
  }
  const [median, p95] = percentiles(times, [0.5, 0.95])
  return { median, p95, queries: perRequest }
}

async function apiToken(user: InstanceType<typeof User>) {
  const token = await User.accessTokens.create(user)
  const base = server.base
  return async (_method: string, path: string) => {
    const response = await fetch(base + path, { headers: { authorization: `Bearer ${token.value!.release()}`, accept: 'application/json' } })
    await response.arrayBuffer()
    return response
  }
}

const small = await seed('baseline@bench.test', 10, 100)
const large = await seed('large@bench.test', 100, 100)
const counts = async (user: InstanceType<typeof User>) => {
  const decks = await db.from('decks').where('user_id', user.id).count('* as n').first()
  const cards = await db.from('cards').join('notes', 'notes.id', 'cards.note_id').where('notes.user_id', user.id).count('* as n').first()
  return `${decks.n} decks, ${cards.n} cards`
}

const rows: string[][] = []
for (const [label, user] of [['baseline', small], ['large', large]] as const) {
  const web = await signIn(user.email!)
  const page = await measure(web, '/')
  const api = await measure(await apiToken(user), '/api/decks')
  rows.push([label, await counts(user), 'GET /', page.median, page.p95, String(page.queries)])
  rows.push([label, await counts(user), 'GET /api/decks', api.median, api.p95, String(api.queries)])
}

console.log(`\nHome page, ${runs} runs each (ms):`)
console.log(['data', 'size', 'route', 'median', 'p95', 'SQL queries'].join('\t'))
for (const row of rows) console.log(row.join('\t'))
const same = rows[0][5] === rows[2][5] && rows[1][5] === rows[3][5]
console.log(same ? '\nQuery count does not grow with the number of decks.' : '\nQUERY COUNT GROWS WITH THE NUMBER OF DECKS')

await server.stop()
process.exit(same ? 0 : 1)
