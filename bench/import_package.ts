/*
| Import benchmark: builds an Anki package of 20,000 notes (with scheduling
| and review history for a third of them, and 200 media files), uploads it
| through POST /api/deck_imports and waits for the worker to finish, then
| reports the import time and the process's peak memory. Baseline in the same
| run: a 2,000-note package of the same shape, so the figures show how the
| import scales (time per note should stay flat, memory should not grow with
| the package).
|
|   node --import=@poppinss/ts-exec bench/import_package.ts [--notes 20000]
|
| Server and worker run in this process, as `npm start` runs them. Uses
| DATABASE_URL when set (the mnemo_bench database in it is reset!), else the
| embedded test PostgreSQL.
*/
import { openAsBlob } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { flag, startBenchServer } from './support.js'

const notes = flag('notes', 20_000)
const server = await startBenchServer()
const { db } = server
const { default: User } = await import('#models/user')
const { createUser } = await import('#actions/auth/create_user')
const { startWorker } = await import('#services/worker')
const { writeAnkiPackage } = await import('#exporters/anki/write_package')
const worker = startWorker(2)

const work = join(process.cwd(), 'tmp', 'bench-import')
await rm(work, { recursive: true, force: true })
await mkdir(join(work, 'media'), { recursive: true })

/* a 1×1 PNG, varied per file so no two are the same bytes */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

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
    noteTypes: [{ key: '1', name: 'Basic', kind: 'basic' as const, fields: ['Front', 'Back'], templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{FrontSide}}<hr id=answer>{{Back}}' }], css: '', isCloze: false }],
    decks: [{ key: '1', name: `Bench ${count}`, parentKey: null }, { key: '2', name: 'Part B', parentKey: '1' }],
    notes: Array.from({ length: count }, (_, index) => ({
      key: String(index + 1), guid: `bench-${count}-${index}`, noteTypeKey: '1', deckKey: index % 2 ? '2' : '1', tags: ['bench'],
      fields: {
        Front: `Question <b>${index}</b>${index % 100 === 0 ? ` <img src="img${count}-${index / 100}.png">` : ''}`,
        Back: `Answer ${index} — ${'lorem ipsum '.repeat(index % 7)}`,
      },
    })),
    cards: Array.from({ length: count }, (_, index) => ({
      key: String(index + 1), noteKey: String(index + 1), ord: 0, deckKey: index % 2 ? '2' : '1',
      progress: index % 3 === 0
        ? { state: 'review' as const, dueAt: new Date(now + (index % 30) * 86_400_000), intervalDays: 1 + (index % 60), ease: 2.5, reps: 5, lapses: index % 4, stability: null, difficulty: null, frozen: index % 50 === 0, lastReviewedAt: new Date(now - 86_400_000) }
        : null,
    })),
    reviews: Array.from({ length: count }, (_, index) => index)
      .filter((index) => index % 3 === 0)
      .flatMap((index) => [1, 2, 3].map((round) => ({
        cardKey: String(index + 1), reviewedAt: new Date(now - round * 5 * 86_400_000 - index * 1000), rating: (round === 2 ? 1 : 3) as 1 | 3,
        kind: 'review' as const, intervalDays: round * 3, lastIntervalDays: round, ease: 2.5, durationMs: 4000,
      }))),
    media,
    warnings: [],
  }
  const path = join(work, `bench-${count}.apkg`)
  await writeAnkiPackage(bundle, path)
  return { path, reviews: bundle.reviews.length, media: mediaCount, bytes: (await stat(path)).size }
}

async function measure(count: number) {
  const built = await buildPackage(count)
  const user = await createUser({ email: `importer${count}@bench.test`, password: 'bench-password-1', provider: 'email', name: 'Bench' })
  const token = (await User.accessTokens.create(user)).value!.release()
  global.gc?.()
  const baseRss = process.memoryUsage().rss
  let peak = baseRss
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const start = performance.now()
  const form = new FormData()
  /* a file-backed blob: the client does not hold the package in memory either */
  form.append('file', await openAsBlob(built.path), `bench-${count}.apkg`)
  const response = await fetch(`${server.base}/api/deck_imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form })
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
  const { id } = (await response.json()) as { id: number }
  let record: any
  for (;;) {
    record = await db.from('deck_imports').where('id', id).first()
    if (['done', 'failed', 'cancelled'].includes(record.status)) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const seconds = (performance.now() - start) / 1000
  clearInterval(sampler)
  if (record.status !== 'done') throw new Error(`import ${record.status}: ${record.error_message}`)
  const counts = record.counts
  const ok = counts.notes === count && counts.reviews === built.reviews && counts.media === built.media
  return { count, seconds, peakMb: (peak - baseRss) / 1024 / 1024, packageMb: built.bytes / 1024 / 1024, counts, ok }
}

/* warm-up: the worker's first job, the routes and the readers compile once */
await measure(10)
const baseline = await measure(Math.round(notes / 10))
const large = await measure(notes)
console.log('\nImport of an Anki package through POST /api/deck_imports and the worker:')
console.log(['notes', 'package MB', 'seconds', 'notes/s', 'peak RSS growth MB', 'counts'].join('\t'))
for (const row of [baseline, large]) {
  console.log([row.count, row.packageMb.toFixed(1), row.seconds.toFixed(1), (row.count / row.seconds).toFixed(0), row.peakMb.toFixed(0), JSON.stringify(row.counts)].join('\t'))
}
console.log(`\nTime per note: ${((large.seconds / large.count) / (baseline.seconds / baseline.count)).toFixed(2)}× the baseline's.`)
await worker.close()
await rm(work, { recursive: true, force: true })
await server.stop()
process.exit(baseline.ok && large.ok ? 0 : 1)
