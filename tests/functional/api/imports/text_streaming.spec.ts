import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import DeckImport from '#models/deck_import'
import ImportTransformer from '#transformers/import_transformer'
import { serialize } from '#transformers/serialize'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { TEXT_IMPORT_MAX_MB, TEXT_IMPORT_MAX_ROWS } from '#importers/limits'
import {
  startExtraWorkerProcess,
  startWorkerProcess,
  stopWorkerProcess,
} from '#tests/support/worker_process'
import { signIn } from '#tests/support/content'
import { driveFiles, holdings, importFile, upload, waitForImport } from './support.js'

/*
 * Text imports stream through the import job (app/importers/text/read_text.ts)
 * with their ceilings: a row cap by plan, refused before anything is
 * written, and a byte cap refused as the upload streams in.
 */

/** A CSV of `rows` cards, each with a quoted back holding a comma and a new line, about `rowBytes` bytes a row. */
function bigCsv(rows: number, rowBytes = 500) {
  const filler = 'lorem ipsum dolor sit amet '
    .repeat(Math.ceil(rowBytes / 27))
    .slice(0, rowBytes - 60)
  const lines = ['front,back']
  for (let index = 0; index < rows; index++)
    lines.push(`question ${index},"answer ${index}, said ""so""\n${filler}"`)
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

/*
 * The killed worker's lock lapses within 10 s (BullMQ's 30 s, checked every 30 s, made the test wait up to a
 * minute), and the other worker looks for it every 2 s: the same recovery, sooner (app/services/worker.ts).
 */
const SHORT_LOCKS = { WORKER_LOCK_MS: '10000', WORKER_STALLED_CHECK_MS: '2000' }

test.group('API deck imports: text files streamed, with their ceilings', (group) => {
  group.each.setup(() => resetState())

  test('a CSV of several MB imports every row through the worker', async ({ client, assert }) => {
    const { user, token } = await signIn()
    const rows = TEXT_IMPORT_MAX_ROWS.free - 1000
    const csv = bigCsv(rows)
    assert.isAbove(csv.length, 4 * 1024 * 1024)
    const done = await importFile(client, token, csv, 'Big vocabulary.csv')
    assert.equal(done.status, 'done', JSON.stringify(done).slice(0, 300))
    assert.include(done.counts, { notes: rows, cards: rows })
    assert.include(await holdings(user.id), { notes: rows, cards: rows })
    const [first, last] = await Promise.all([
      db
        .from('notes')
        .where('user_id', user.id)
        .whereRaw(`fields->>'Front' = ?`, ['question 0'])
        .first(),
      db
        .from('notes')
        .where('user_id', user.id)
        .whereRaw(`fields->>'Front' = ?`, [`question ${rows - 1}`])
        .first(),
    ])
    assert.match(first.fields.Back, /^answer 0, said "so"<br ?\/?>lorem ipsum/)
    assert.match(last.fields.Back, new RegExp(`^answer ${rows - 1}, said "so"<br ?/?>lorem`))
  }).timeout(300_000)

  test("a CSV over the free plan's row cap fails with import_too_many_rows and writes nothing", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const before = await holdings(user.id)
    const done = await importFile(
      client,
      token,
      bigCsv(TEXT_IMPORT_MAX_ROWS.free + 1, 80),
      'Too many.csv'
    )
    assert.equal(done.status, 'failed')
    assert.equal(done.errorKey, 'import_too_many_rows')
    assert.deepEqual(await holdings(user.id), before)
    assert.deepEqual(await driveFiles(), [])
    /* the import dialog says how many rows the plans take */
    const context = { progress: null as any, i18n: i18nManager.locale('en') }
    const record = await DeckImport.findOrFail(done.id)
    const dialog = await serialize(
      ImportTransformer.transform(record, context).useVariant('forDialog')
    )
    assert.equal(
      dialog.error?.body,
      'A file may hold up to 10,000 cards (100,000 with Premium). Split it into several files.'
    )
  }).timeout(120_000)

  test('a text file over its byte cap is refused as it streams in, and leaves nothing', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const csv = Buffer.alloc((TEXT_IMPORT_MAX_MB + 1) * 1024 * 1024, 'word,mot\n')
    const response = await upload(client, token, csv, 'huge.csv')
    response.assertStatus(413)
    assertErrorBody(assert, response.body(), 'E_FILE_TOO_BIG')
    assert.include(response.body().body, String(TEXT_IMPORT_MAX_MB))
    assert.include(await holdings(user.id), { decks: 0, notes: 0 })
    assert.deepEqual(await driveFiles(), [])
  }).timeout(120_000)

  test('a worker killed mid-import: the import starts again from the beginning and writes every row once', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const rows = 6000
    /* the only worker is one this test can kill */
    await stopWorkerProcess()
    const lone = await startExtraWorkerProcess(1, SHORT_LOCKS)
    let other: Awaited<ReturnType<typeof startExtraWorkerProcess>> | undefined
    try {
      const response = await upload(client, token, bigCsv(rows, 200), 'Killed.csv')
      response.assertStatus(202)
      const deckId = response.body().deckId
      /* the first batches are written (in the import's open transaction) when the worker dies */
      for (;;) {
        const deck = await db.from('decks').where('id', deckId).first()
        if (Number(deck?.processing?.processed ?? 0) >= 1000) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await lone.kill()
      assert.include(await holdings(user.id), { notes: 0, cards: 0 })
      /* another worker takes the stalled job once its lock runs out */
      other = await startExtraWorkerProcess(2, SHORT_LOCKS)
      const done = await waitForImport(client, token, response.body().id, 240_000)
      assert.equal(done.status, 'done', JSON.stringify(done).slice(0, 300))
      assert.include(done.counts, { notes: rows, cards: rows })
      assert.include(await holdings(user.id), { notes: rows, cards: rows })
      const distinct = await db
        .from('notes')
        .where('user_id', user.id)
        .countDistinct({ n: db.raw(`fields->>'Front'`) })
        .first()
      assert.equal(Number(distinct.n), rows)
    } finally {
      await lone()
      await other?.()
      await startWorkerProcess(2)
    }
  }).timeout(360_000)
})
