/*
| The import of an Anki package, through the product's own doors, against
| the machine's floor for writing the same rows, measured in one run:
|
|   1. the floor: a bare `pg` client writing the notes, cards, progress and
|      review rows of each package (1,000 notes a statement, one
|      transaction, rolled back) into the app's own tables, with their
|      indexes and foreign keys: the least an import must write;
|   2. the app's production build, its server and its worker
|      (`node build/ace.js queue:work`) each in a process of its own: Anki
|      packages of 20,000 and 100,000 notes (a third with scheduling and three
|      reviews each, one image per 100 notes, two decks) uploaded through
|      POST /api/deck_imports; the time from the upload to the import's
|      `done`, and the growth of the worker's resident memory (from /proc,
|      sampled every 20 ms) over what it held before the job. Each package
|      gets a fresh worker, warmed up by a 10-note import first (its code
|      compiled, its pools open), so no import inherits the heap another
|      one grew.
|
|   node --import=@poppinss/ts-exec bench/import_package.ts [--notes 20000] [--large 100000] [--profile]
|
| With --profile the workers run under node --cpu-prof and the functions
| they spent most time in are printed (the profiles stay in tmp/profiles).
|
| Exits 1 unless every note, card, review and image arrived.
*/
import { openAsBlob } from 'node:fs'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  benchClient,
  bootForSeeding,
  ensureBuild,
  flag,
  profileTop,
  resetDatabase,
  root,
  startServer,
  startWorker,
  table,
  type Child,
} from './support.js'

const sizes = [flag('notes', 20_000), flag('large', 100_000)]

ensureBuild()
await resetDatabase()

const work = join(root, 'tmp', 'bench-import')
await rm(work, { recursive: true, force: true })
await mkdir(join(work, 'media'), { recursive: true })

/* a 1×1 PNG, varied per file so no two are the same bytes */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/* the packages and the importers' accounts: the app's own writer and actions, in this process */
const seeding = await bootForSeeding()
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')
const { writeAnkiPackage } = await import('#exporters/anki/write_package')

let learners = 0
async function buildPackage(count: number) {
  const mediaCount = Math.max(1, Math.round(count / 100))
  const media = []
  for (let index = 0; index < mediaCount; index++) {
    const path = join(work, 'media', `img${count}-${index}.png`)
    await writeFile(path, Buffer.concat([PNG, Buffer.from(`${count}-${index}`)]))
    media.push({ name: `img${count}-${index}.png`, path, size: (await stat(path)).size })
  }
  const now = Date.now()
  const bundle = {
    format: 'apkg' as const,
    noteTypes: [
      {
        key: '1',
        name: 'Basic',
        kind: 'basic' as const,
        fields: ['Front', 'Back'],
        templates: [
          { name: 'Card 1', front: '{{Front}}', back: '{{FrontSide}}<hr id=answer>{{Back}}' },
        ],
        css: '',
        isCloze: false,
      },
    ],
    decks: [
      { key: '1', name: `Bench ${count}`, parentKey: null },
      { key: '2', name: 'Part B', parentKey: '1' },
    ],
    notes: Array.from({ length: count }, (_, index) => ({
      key: String(index + 1),
      guid: `bench-${count}-${index}`,
      noteTypeKey: '1',
      deckKey: index % 2 ? '2' : '1',
      tags: ['bench'],
      fields: {
        Front: `Question <b>${index}</b>${index % 100 === 0 ? ` <img src="img${count}-${index / 100}.png">` : ''}`,
        Back: `Answer ${index} — ${'lorem ipsum '.repeat(index % 7)}`,
      },
    })),
    cards: Array.from({ length: count }, (_, index) => ({
      key: String(index + 1),
      noteKey: String(index + 1),
      ord: 0,
      deckKey: index % 2 ? '2' : '1',
      progress:
        index % 3 === 0
          ? {
              state: 'review' as const,
              dueAt: new Date(now + (index % 30) * 86_400_000),
              intervalDays: 1 + (index % 60),
              ease: 2.5,
              reps: 5,
              lapses: index % 4,
              stability: null,
              difficulty: null,
              frozen: index % 50 === 0,
              lastReviewedAt: new Date(now - 86_400_000),
            }
          : null,
    })),
    reviews: Array.from({ length: count }, (_, index) => index)
      .filter((index) => index % 3 === 0)
      .flatMap((index) =>
        [1, 2, 3].map((round) => ({
          cardKey: String(index + 1),
          reviewedAt: new Date(now - round * 5 * 86_400_000 - index * 1000),
          rating: (round === 2 ? 1 : 3) as 1 | 3,
          kind: 'review' as const,
          intervalDays: round * 3,
          lastIntervalDays: round,
          ease: 2.5,
          durationMs: 4000,
        }))
      ),
    media,
    warnings: [],
  }
  const learner = ++learners
  const path = join(work, `bench-${learner}.apkg`)
  await writeAnkiPackage(bundle, path)
  const user = await createUser({
    email: `importer${learner}@bench.test`,
    password: 'bench-password-1',
    provider: 'email',
    name: 'Bench',
  })
  const token = (await User.accessTokens.create(user)).value!.release()
  return {
    count,
    path,
    token,
    progress: bundle.cards.filter((card) => card.progress).length,
    reviews: bundle.reviews.length,
    media: mediaCount,
    bytes: (await stat(path)).size,
  }
}

/* each size: a warm-up package and the package measured, for a worker of its own */
const runs = []
for (const count of sizes)
  runs.push({ warmUp: await buildPackage(10), built: await buildPackage(count) })

/* the floor's rows point at a real learner, deck and note type, as the import's do */
const floorUser = await createUser({
  email: 'floor@bench.test',
  password: 'bench-password-1',
  provider: 'email',
  name: 'Floor',
})
const { createDeck } = await import('#actions/decks/create_deck')
const floorDeck = await createDeck(floorUser, { name: 'Floor' })
const basic = await seeding.db
  .from('note_types')
  .whereNull('user_id')
  .where('kind', 'basic')
  .firstOrFail()
await seeding.stop()

/* 1. the floor: the same rows written by a bare client into the app's tables, then rolled back */
async function floor(count: number) {
  const client = await benchClient()
  const start = performance.now()
  await client.query('begin')
  for (let first = 0; first < count; first += 1000) {
    const indexes = Array.from(
      { length: Math.min(1000, count - first) },
      (_, index) => first + index
    )
    const notes = await client.query(
      `insert into notes (user_id, deck_id, note_type_id, guid, fields, tags, sort_text, search_text,
        created_at, updated_at)
       select $1, $2, $3, 'floor-' || i, jsonb_build_object('Front', 'Question <b>' || i || '</b>', 'Back',
         'Answer ' || i), '["bench"]', 'question ' || i, 'question ' || i || ' answer ' || i, now(), now()
       from unnest($4::int[]) i returning id`,
      [floorUser.id, floorDeck.id, basic.id, indexes]
    )
    const cards = await client.query(
      `insert into cards (note_id, deck_id, ord, created_at) select n, $1, 0, now() from unnest($2::int[]) n ` +
        `returning id`,
      [floorDeck.id, notes.rows.map((row) => row.id)]
    )
    const studied = cards.rows
      .map((row) => row.id as number)
      .filter((_, index) => indexes[index] % 3 === 0)
    await client.query(
      `insert into card_progress (user_id, card_id, deck_id, state, due_at, interval_days, ease_permille,
        reps, lapses, created_at, updated_at)
       select $1, c, $2, 'review', now() + interval '3 days', 10, 2500, 5, 1, now(), now() from unnest($3::int[]) c`,
      [floorUser.id, floorDeck.id, studied]
    )
    await client.query(
      `insert into review_logs (user_id, card_id, deck_id, answer, rating, kind, state_before,
        interval_before, interval_after, ease_after, reviewed_at, study_day, duration_ms, source)
       select $1, c, $2, 'good', 3, 'review', 'review', r, r * 3, 2500, now() - r * interval '5 days',
         current_date - r * 5, 4000, 'import'
       from unnest($3::int[]) c, generate_series(1, 3) r`,
      [floorUser.id, floorDeck.id, studied]
    )
  }
  await client.query('rollback')
  const seconds = (performance.now() - start) / 1000
  await client.end()
  return seconds
}
const floors: number[] = []
for (const count of sizes) floors.push(await floor(count))

/* 2. the app */
const profiles = join(root, 'tmp', 'profiles')
const profiling = process.argv.includes('--profile')
if (profiling) await rm(profiles, { recursive: true, force: true })
const server = await startServer()
const client = await benchClient()

type Built = Awaited<ReturnType<typeof buildPackage>>
interface Counts {
  notes: number
  cards: number
  reviews: number
  media: number
}

async function importOf(built: Built, worker: Child) {
  const baseRss = worker.rss()
  let peak = baseRss
  const sampler = setInterval(() => (peak = Math.max(peak, worker.rss())), 20)
  const start = performance.now()
  const form = new FormData()
  /* a file-backed blob: the client does not hold the package in memory either */
  form.append('file', await openAsBlob(built.path), `bench-${built.count}.apkg`)
  const response = await fetch(`${server.base}/api/deck_imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${built.token}`, accept: 'application/json' },
    body: form,
  })
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`)
  const { id } = (await response.json()) as { id: number }
  let record: { status: string; error_message: string | null; counts: Counts; user_id: number }
  for (;;) {
    record = (
      await client.query(
        'select status, error_message, counts, user_id from deck_imports where id = $1',
        [id]
      )
    ).rows[0]
    if (['done', 'failed', 'cancelled'].includes(record.status)) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const seconds = (performance.now() - start) / 1000
  clearInterval(sampler)
  if (record.status !== 'done') throw new Error(`import ${record.status}: ${record.error_message}`)
  /* what is in the tables, not only what the import says */
  const {
    rows: [held],
  } = await client.query(
    `select (select count(*) from notes where user_id = $1)::int as notes,
            (select count(*) from cards c join notes n on n.id = c.note_id where n.user_id = $1)::int as cards,
            (select count(*) from card_progress where user_id = $1)::int as progress,
            (select count(*) from review_logs where user_id = $1)::int as reviews,
            (select count(*) from media where user_id = $1)::int as media`,
    [record.user_id]
  )
  const { counts } = record
  const ok =
    counts.notes === built.count &&
    counts.cards === built.count &&
    counts.reviews === built.reviews &&
    counts.media === built.media &&
    held.notes === built.count &&
    held.cards === built.count &&
    held.progress === built.progress &&
    held.reviews === built.reviews &&
    held.media === built.media
  return {
    seconds,
    baseMb: baseRss / 1024 / 1024,
    growthMb: (peak - baseRss) / 1024 / 1024,
    counts,
    ok,
  }
}

const results: Awaited<ReturnType<typeof importOf>>[] = []
for (const { warmUp, built } of runs) {
  const worker = startWorker({}, profiling ? ['--cpu-prof', '--cpu-prof-dir', profiles] : [])
  /* the worker's first job compiles the readers and the writers: not measured */
  await importOf(warmUp, worker)
  results.push(await importOf(built, worker))
  await worker.stop()
}
await client.end()
await server.stop()
await rm(work, { recursive: true, force: true })

console.log(
  '\nImport of an Anki package, production build: POST /api/deck_imports, then a fresh worker (warmed up) until done.'
)
console.log(
  'Floor: a bare pg client writing the same notes, cards, progress and reviews into the same tables, 1,000 ' +
    'notes a statement, one transaction.'
)
console.log(
  table([
    [
      'notes',
      'package MB',
      'Mnemo s',
      'notes/s',
      'worker RSS before MB',
      'peak RSS growth MB',
      'floor s',
      'ratio (floor / Mnemo)',
      'arrived',
    ],
    ...runs.map(({ built }, index) => [
      built.count,
      (built.bytes / 1024 / 1024).toFixed(1),
      results[index].seconds.toFixed(1),
      Math.round(built.count / results[index].seconds),
      results[index].baseMb.toFixed(0),
      results[index].growthMb.toFixed(0),
      floors[index].toFixed(2),
      (floors[index] / results[index].seconds).toFixed(2),
      JSON.stringify(results[index].counts),
    ]),
  ])
)
if (profiling) {
  /* one profile per thread: the main thread's (thread id 0) does the work */
  for (const file of (await readdir(profiles)).filter((name) =>
    /\.\d+\.0\.\d+\.cpuprofile$/.test(name)
  )) {
    console.log(
      `\nWhere a worker's time went (self time, its warm-up and its import; ` +
        `${profiles}/${file}):\n${profileTop(join(profiles, file), 30)}`
    )
  }
}
process.exit(results.every((result) => result.ok) ? 0 : 1)
