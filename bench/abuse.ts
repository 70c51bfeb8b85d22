/*
| What one learner's hostile upload or burst costs the others. Four attacks
| against the production server and worker (new ones after an attack that ran
| out of time or killed one, so nothing it left runs on into the next), the
| inputs built at run time by bench/abuse_inputs.ts:
|
|   tree  an Anki package whose decks are one chain 1,000 levels deep,
|         uploaded through POST /api/deck_imports and imported, then the
|         attacker's deck list (GET /api/decks);
|   pdf   a one-page PDF of about 20 MB of operators through POST
|         /api/notes/ai_document, then an AI stream of 100 cards from it;
|   csv   a two-column CSV of about 50 MB through POST /api/deck_imports;
|   ai    one premium learner's 20 AI streams of 100 cards each (POST
|         /api/notes/ai_stream_create, all at once), to their end; the
|         provider is the local AI double (tests/support/ai_server.ts)
|         started by this process, the app pointed at it by its AI_* settings.
|
| Meanwhile another learner polls GET /api/health at a fixed rate (every
| 40 ms, whether or not the last one has answered, so a stall shows in as
| many requests as it lasts) and, once the attack is under way, imports a
| two-row CSV and polls it until done. The baseline is the same two probes
| with no attack, in the same run. Printed per attack: its time, the web and
| worker processes' resident memory (VmRSS from /proc every 50 ms, and
| VmHWM), the health p50/p99, and the small import's time to done, beside
| the budgets: health p99 under 100 ms, the small import done in under 5 s.
|
|   node --import=@poppinss/ts-exec bench/abuse.ts [--timeout 60] [--report-only]
|
| Each attack stops at --timeout seconds, reported as a failure, as is a
| server or worker that dies. Exits 1 when any figure is over its budget,
| unless --report-only. Only 127.0.0.1 is spoken to.
*/
import { openAsBlob } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  bootForSeeding,
  ensureBuild,
  flag,
  flushRedis,
  percentiles,
  resetDatabase,
  root,
  startServer,
  startWorker,
  table,
  type Child,
} from './support.js'
import { bigCsv, deepTreePackage, hugePagePdf } from './abuse_inputs.js'

const TIMEOUT_MS = flag('timeout', 60) * 1000
const reportOnly = process.argv.includes('--report-only')
const BUDGET = { healthP99Ms: 100, smallImportS: 5 }
const HEALTH_EVERY_MS = 40
/* the baseline's probes run this long at least, so its p99 rests on as many requests */
const MIN_PHASE_MS = 10_000
const STREAMS = 20
const TERMINAL = new Set(['done', 'failed', 'cancelled'])

/* a run that goes wrong in a way no timeout above catches still ends (the children are killed on exit) */
setTimeout(() => {
  console.error('[bench] abuse.ts: over 15 minutes, stopped')
  process.exit(1)
}, 15 * 60_000).unref()

const clock = () => new Date().toISOString().slice(11, 19)
console.log(`[bench] ${clock()} abuse.ts: the build, a fresh database, the learners and the inputs`)
ensureBuild()
await resetDatabase()
const work = join(root, 'tmp', 'bench-abuse')
await rm(work, { recursive: true, force: true })
await mkdir(work, { recursive: true })

/* the learners, through the app's own actions in this process */
const seeding = await bootForSeeding()
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')
async function learnerToken(name: string, premium = false) {
  const user = await createUser({
    email: `${name}@bench.test`,
    password: 'bench-password-1',
    provider: 'email',
    name,
  })
  if (premium) await seeding.db.from('users').where('id', user.id).update({ is_premium: true })
  return (await User.accessTokens.create(user)).value!.release()
}
const bystander = await learnerToken('bystander')
const attackers = {
  tree: await learnerToken('tree'),
  pdf: await learnerToken('pdf', true),
  csv: await learnerToken('csv'),
  ai: await learnerToken('ai', true),
}
await seeding.stop()

const files = {
  tree: join(work, 'deep.apkg'),
  pdf: join(work, 'big.pdf'),
  csv: join(work, 'big.csv'),
}
const sizes = {
  tree: await deepTreePackage(files.tree),
  pdf: await hugePagePdf(files.pdf),
  csv: await bigCsv(files.csv),
}

/* the AI double, answering every call with 100 cards in 50 pieces */
const { AI_TEST_KEY, aiState, startAiServer, stopAiServer } =
  await import('#tests/support/ai_server')
const aiBase = await startAiServer()
aiState.fallback = {
  cards: Array.from({ length: 100 }, (_, index) => ({
    kind: 'basic',
    front: `Question ${index + 1} of the topic?`,
    back: `Answer ${index + 1}`,
  })),
  chunks: 50,
}
const appEnv = {
  AI_PROVIDER: 'openai',
  AI_API_KEY: AI_TEST_KEY,
  AI_BASE_URL: `${aiBase}/v1`,
  AI_MODEL: 'double-gpt',
  AI_MAX_RETRIES: '1',
  AI_TIMEOUT_MS: '30000',
}

type Api = (
  method: string,
  path: string,
  body?: FormData | object,
  signal?: AbortSignal
) => Promise<{ status: number; body: any; bytes: number }>
function apiOf(base: string, token: string): Api {
  return async (method, path, body, signal) => {
    const form = body instanceof FormData
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? body : body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.any([AbortSignal.timeout(60_000), ...(signal ? [signal] : [])]),
    })
    const text = await response.text()
    let parsed: any = null
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: response.status, body: parsed, bytes: text.length }
  }
}

const refused = (what: string, answer: { status: number; body: any }) =>
  `${what} answered ${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}`
const seconds = (since: number) => (performance.now() - since) / 1000

async function upload(api: Api, file: Blob, name: string, path: string, signal: AbortSignal) {
  const form = new FormData()
  form.append('file', file, name)
  return api('POST', path, form, signal)
}

/** Polls an import until it has ended; `note` hears how far it is. */
async function importEnd(api: Api, id: number, signal: AbortSignal, note = (_: string) => {}) {
  for (;;) {
    const answer = await api('GET', `/api/deck_imports/${id}`, undefined, signal)
    if (answer.status !== 200) throw new Error(refused(`GET deck_imports/${id}`, answer))
    if (TERMINAL.has(answer.body.status))
      return answer.body as {
        status: string
        errorKey: string | null
        counts: Record<string, number>
      }
    note(`the import still ${answer.body.status}`)
    await sleep(100, undefined, { signal })
  }
}

/** Polls streams, one request each in turn, until all have ended; `note` hears how far they are. */
async function streamsEnd(
  api: Api,
  ids: number[],
  signal: AbortSignal,
  note: (text: string) => void
) {
  const last = new Map<number, { status: string; count: number }>()
  const ended = () => [...last.values()].filter((stream) => TERMINAL.has(stream.status))
  while (ended().length < ids.length) {
    for (const id of ids.filter((open) => !TERMINAL.has(last.get(open)?.status ?? ''))) {
      const answer = await api('GET', `/api/notes/stream_status?stream_id=${id}`, undefined, signal)
      if (answer.status !== 200) throw new Error(refused('stream_status', answer))
      last.set(id, answer.body)
    }
    const cards = [...last.values()].reduce((sum, stream) => sum + stream.count, 0)
    note(
      `${ended().length}/${ids.length} streams ended, ` +
        `${[...last.values()].filter((stream) => stream.status === 'running').length} running, ${cards} cards so far`
    )
    if (ended().length < ids.length) await sleep(500, undefined, { signal })
  }
  return ended()
}

const SMALL_CSV = 'la casa,the house\nel perro,the dog\n'
/** The other learner's small import: upload to done, in seconds. */
async function smallImport(api: Api, signal: AbortSignal) {
  const start = performance.now()
  const answer = await upload(
    api,
    new Blob([SMALL_CSV], { type: 'text/csv' }),
    'two words.csv',
    '/api/deck_imports',
    signal
  )
  if (answer.status !== 202) throw new Error(refused('the small import', answer))
  const record = await importEnd(api, answer.body.id, signal)
  if (record.status !== 'done')
    throw new Error(`the small import ${record.status} (${record.errorKey})`)
  return seconds(start)
}

interface Attack {
  api: Api
  /** the attack is under way: the other learner's import starts */
  underway(): void
  /** how far it has got, told if the time runs out */
  note(text: string): void
  signal: AbortSignal
}
/** What each attack does; it answers what came of it (a refusal is an outcome, not a failure). */
const ATTACKS: Record<string, (attack: Attack) => Promise<string>> = {
  async tree({ api, underway, note, signal }) {
    note('uploading')
    const uploaded = performance.now()
    const accepted = await upload(
      api,
      await openAsBlob(files.tree),
      'deep.apkg',
      '/api/deck_imports',
      signal
    )
    if (accepted.status !== 202) return refused('the upload', accepted)
    underway()
    const record = await importEnd(api, accepted.body.id, signal, note)
    const imported =
      `import ${record.status} in ` +
      `${seconds(uploaded).toFixed(1)} ` +
      `s${record.errorKey ? ` (${record.errorKey})` : ''} ${JSON.stringify(record.counts)}`
    note(`${imported}; GET /api/decks had not answered`)
    const start = performance.now()
    const decks = await api('GET', '/api/decks', undefined, signal)
    return (
      `${imported}; ` +
      `GET /api/decks ${decks.status} in ${(seconds(start) * 1000).toFixed(0)} ms, ` +
      `${(decks.bytes / 1024).toFixed(0)} kB`
    )
  },
  async pdf({ api, underway, note, signal }) {
    /* the PDF is read in the request itself: the other learner starts while it is */
    setTimeout(underway, 500)
    note('POST ai_document')
    const start = performance.now()
    const document = await upload(
      api,
      await openAsBlob(files.pdf, { type: 'application/pdf' }),
      'big.pdf',
      '/api/notes/ai_document',
      signal
    )
    if (document.status !== 201) return refused('ai_document', document)
    const read = `ai_document 201 in ${seconds(start).toFixed(1)} s (${document.body.characters} characters)`
    const created = await api(
      'POST',
      '/api/notes/ai_stream_create',
      { document_id: document.body.documentId, deck_name: 'Big PDF', cards_amount: 100 },
      signal
    )
    if (created.status !== 201) return `${read}; ${refused('ai_stream_create', created)}`
    const [end] = await streamsEnd(api, [created.body.streamId], signal, (text) =>
      note(`${read}; ${text}`)
    )
    return `${read}; its stream ${end.status}, ${end.count} cards`
  },
  async csv({ api, underway, note, signal }) {
    note('uploading')
    const accepted = await upload(
      api,
      await openAsBlob(files.csv, { type: 'text/csv' }),
      'big.csv',
      '/api/deck_imports',
      signal
    )
    if (accepted.status !== 202) return refused('the upload', accepted)
    underway()
    const record = await importEnd(api, accepted.body.id, signal, note)
    return `import ${record.status}${record.errorKey ? ` (${record.errorKey})` : ''} ${JSON.stringify(record.counts)}`
  },
  async ai({ api, underway, note, signal }) {
    const calls = aiState.calls.length
    note(`POST ai_stream_create ×${STREAMS}`)
    const created = await Promise.all(
      Array.from({ length: STREAMS }, (_, index) =>
        api(
          'POST',
          '/api/notes/ai_stream_create',
          {
            user_prompt: `Topic number ${index + 1}`,
            deck_name: `Stream ${index + 1}`,
            card_format: 'basic',
            cards_amount: 100,
          },
          signal
        )
      )
    )
    underway()
    const ids = created
      .filter((answer) => answer.status === 201)
      .map((answer) => answer.body.streamId as number)
    const refusals = created
      .filter((answer) => answer.status !== 201)
      .map((answer) => refused('', answer).trim())
    const ends = await streamsEnd(api, ids, signal, note)
    const count = (status: string) => ends.filter((end) => end.status === status).length
    return (
      `${ids.length}/${STREAMS} accepted${refusals.length ? ` (${[...new Set(refusals)].join(', ')})` : ''}; ` +
      `${count('done')} done, ${count('failed')} failed; ${ends.reduce((sum, end) => sum + end.count, 0)} ` +
      `cards; ${aiState.calls.length - calls} provider calls`
    )
  },
}

/** A process's resident memory over a phase: at its start, the highest sampled, and its VmHWM at the end. */
function memoryOf(child: Child) {
  const read = (how: () => number) => {
    try {
      return how()
    } catch {
      return 0
    }
  }
  const start = read(child.rss)
  let peak = start
  const timer = setInterval(() => (peak = Math.max(peak, read(child.rss))), 50)
  return () => {
    clearInterval(timer)
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
    return `${mb(start)} → ${mb(peak)} (${mb(read(child.hwm))})`
  }
}

/** GET /api/health every HEALTH_EVERY_MS, not waiting for the last answer; stop() waits for those in flight. */
function healthProbe(base: string) {
  const times: number[] = []
  let failed = 0
  const inFlight = new Set<Promise<void>>()
  const timer = setInterval(() => {
    const start = performance.now()
    const request = fetch(`${base}/api/health`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    })
      .then(
        async (response) => {
          await response.arrayBuffer()
          if (response.status !== 200) failed++
        },
        () => void failed++
      )
      .finally(() => {
        times.push(performance.now() - start)
        inFlight.delete(request)
      })
    inFlight.add(request)
  }, HEALTH_EVERY_MS)
  return async () => {
    clearInterval(timer)
    await Promise.allSettled([...inFlight])
    return {
      count: times.length,
      failed,
      p: times.length ? percentiles(times, [0.5, 0.99]).map(Number) : [Number.NaN, Number.NaN],
    }
  }
}

/** An error as one line: fetch's own says only "fetch failed", its cause says why (ECONNREFUSED…). */
const why = (error: any) =>
  `${error?.message ?? error}${error?.cause?.code ? ` (${error.cause.code})` : ''}`

const death = (server: Child, worker: Child) =>
  server.ended()
    ? `the web process ${server.ended()}`
    : worker.ended()
      ? `the worker ${worker.ended()}`
      : null

/** The reason a phase's race ended early: a process died or the time ran out. */
async function trouble(server: Child, worker: Child, signal: AbortSignal) {
  const deadline = performance.now() + TIMEOUT_MS
  while (!signal.aborted) {
    const ended = death(server, worker)
    if (ended) return ended
    if (performance.now() > deadline) return `timed out after ${TIMEOUT_MS / 1000} s`
    await sleep(100)
  }
  return null
}

/**
 * The server and the worker, started (both at once) when there are none:
 * at first, and after an attack that ran out of time or killed one, whose
 * work must not spill into the next. Warmed up, not measured: the health
 * route, and an import through the worker (which also says it is ready).
 */
let pair: { server: Child; worker: Child; fresh: boolean } | null = null
async function serverAndWorker(name: string) {
  if (pair) return { ...pair, fresh: false }
  console.log(`[bench] ${clock()} ${name}: starting a server and a worker`)
  await flushRedis()
  const worker = startWorker(appEnv)
  const server = await startServer(appEnv)
  for (let index = 0; index < 20; index++)
    await (await fetch(`${server.base}/api/health`)).arrayBuffer()
  await smallImport(apiOf(server.base, bystander), AbortSignal.timeout(120_000))
  pair = { server, worker, fresh: true }
  return pair
}

async function stopPair() {
  if (pair) await Promise.all([pair.server.stop(2000), pair.worker.stop(2000)])
  pair = null
}

async function phase(
  name: string,
  attack: ((attack: Attack) => Promise<string>) | null,
  attackerToken: string
) {
  const { server, worker, fresh } = await serverAndWorker(name)
  const other = apiOf(server.base, bystander)

  const memory = { web: memoryOf(server), worker: memoryOf(worker) }
  const stopHealth = healthProbe(server.base)
  const controller = new AbortController()
  const { signal } = controller
  let attackSeconds = Number.NaN
  let underway!: () => void
  const started = new Promise<void>((resolve) => (underway = resolve))
  let progress = ''
  const start = performance.now()
  console.log(`[bench] ${clock()} ${name}: measuring`)
  const attacked = attack
    ? attack({
        api: apiOf(server.base, attackerToken),
        underway,
        note: (text) => (progress = text),
        signal,
      }).finally(() => (attackSeconds = seconds(start)))
    : (underway(), Promise.resolve('none'))
  const small = started.then(() => smallImport(other, signal))
  const problems: string[] = []
  const outcome = await Promise.race([
    Promise.allSettled([attacked, small, sleep(MIN_PHASE_MS)]).then(() => null),
    trouble(server, worker, signal),
  ])
  if (outcome) problems.push(outcome)
  controller.abort()
  /* an attack stopped before it was under way: the small import starts, and stops at once */
  underway()
  const [attackResult, smallResult] = await Promise.allSettled([attacked, small])
  const health = await stopHealth()
  /* a process that died while the probes ran to their end; one killed just now is given a moment to be reaped */
  if (attackResult.status === 'rejected' || smallResult.status === 'rejected' || health.failed) {
    for (let wait = 0; wait < 10 && !death(server, worker); wait++) await sleep(100)
  }
  const died = death(server, worker)
  if (died && died !== outcome) problems.push(died)
  const mem = { web: memory.web(), worker: memory.worker() }
  if (outcome || died) await stopPair()
  const what =
    attackResult.status === 'fulfilled'
      ? attackResult.value
      : outcome
        ? `stopped, ${progress}`
        : `failed: ${why(attackResult.reason)}`
  const smallS = smallResult.status === 'fulfilled' ? smallResult.value : null
  if (smallResult.status === 'rejected' && !outcome)
    problems.push(`the small import: ${why(smallResult.reason)}`)
  if (health.failed) problems.push(`${health.failed} health requests failed`)
  if (!(health.p[1] < BUDGET.healthP99Ms))
    problems.push(`health p99 ${health.p[1]} ms ≥ ${BUDGET.healthP99Ms} ms`)
  if (smallS === null || smallS >= BUDGET.smallImportS)
    problems.push(
      `small import ${smallS === null ? 'not done' : `${smallS.toFixed(1)} s ≥ ${BUDGET.smallImportS} s`}`
    )
  console.log(
    `[bench] ${name}: ${what}${problems.length ? ` — over budget: ${problems.join('; ')}` : ''}`
  )
  return { name, fresh, attackSeconds, what, mem, health, smallS, problems }
}

console.log(`[bench] ${clock()} inputs built, the AI double on ${aiBase}`)
const results = [await phase('baseline', null, bystander)]
for (const [name, attack] of Object.entries(ATTACKS))
  results.push(await phase(name, attack, attackers[name as keyof typeof attackers]))
await stopPair()
await stopAiServer()
await rm(work, { recursive: true, force: true })

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
console.log(
  `\nOne learner's hostile request against another's, production build: a server and a worker (concurrency 4), ` +
    `new ones where "new".`
)
console.log(
  `Inputs: tree = Anki package, 1,000-deep deck chain (${mb(sizes.tree)}); pdf = one page, ${mb(sizes.pdf)}; ` +
    `csv = ${mb(sizes.csv)}, two columns; ai = ${STREAMS} streams × 100 cards, one premium learner.`
)
console.log(
  `The other learner: GET /api/health every ${HEALTH_EVERY_MS} ms, and a two-row CSV import from when the ` +
    `attack is under way. RSS: at the start → the highest sampled (VmHWM, the most since the process started), MB.`
)
console.log(
  table([
    [
      'attack',
      'processes',
      'attack s',
      'web RSS MB',
      'worker RSS MB',
      'health n',
      'p50 ms',
      'p99 ms',
      'failed',
      'small import s',
      'verdict',
    ],
    ...results.map((result) => [
      result.name,
      result.fresh ? 'new' : 'same',
      Number.isNaN(result.attackSeconds) ? '-' : result.attackSeconds.toFixed(1),
      result.mem.web,
      result.mem.worker,
      result.health.count,
      result.health.p[0],
      result.health.p[1],
      result.health.failed,
      result.smallS === null ? 'not done' : result.smallS.toFixed(2),
      result.problems.length ? 'OVER BUDGET' : 'ok',
    ]),
    [
      'budget',
      '',
      '',
      '',
      '',
      '',
      '',
      `< ${BUDGET.healthP99Ms}`,
      '0',
      `< ${BUDGET.smallImportS}`,
      '',
    ],
  ])
)
console.log('')
for (const result of results)
  console.log(
    `${result.name}: ${result.what}${result.problems.length ? `\n  over budget: ${result.problems.join('; ')}` : ''}`
  )
process.exit(results.some((result) => result.problems.length) && !reportOnly ? 1 : 0)
