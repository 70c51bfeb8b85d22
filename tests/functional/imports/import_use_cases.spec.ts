import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Deck from '#models/deck'
import DeckImport from '#models/deck_import'
import { saveFolder } from '#actions/folders/save_folder'
import { startImport } from '#actions/imports/start_import'
import { cancelImport } from '#actions/imports/cancel_import'
import { retryImport } from '#actions/imports/retry_import'
import { failAbandonedImports } from '#actions/imports/fail_abandoned_imports'
import { findImport } from '#queries/imports/find_import'
import { listImports } from '#queries/imports/list_imports'
import { importProgress } from '#queries/imports/import_progress'
import { makeUser, resetState } from '#tests/support/helpers'
import { withQueuePaused } from '#tests/support/content'

/*
 * The import's use cases called directly, the queue paused so that no job
 * runs them on: what each leaves in the database and on the drive.
 */

/* the uploads these tests put on the drive, removed after each test */
const uploads: string[] = []

async function upload(name = 'Spanish words.csv') {
  const key = `imports/test-${Math.random().toString(36).slice(2)}.csv`
  await drive.use().put(key, 'front,back\n')
  uploads.push(key)
  return { fileName: name, format: 'csv' as const, size: 11, storageKey: key }
}

const expectCode = async (work: Promise<unknown>, status: number, code: string) => {
  try {
    await work
  } catch (error) {
    const { status: got, code: gotCode } = error as { status: number; code: string }
    if (got === status && gotCode === code) return
    throw error
  }
  throw new Error(`expected ${status} ${code}`)
}

test.group('Import use cases', (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(async () => {
    for (const key of uploads.splice(0)) await drive.use().delete(key)
  })
  group.each.timeout(30_000)

  test('start_import makes the deck the import fills (in its folder) and the queued row', async ({
    assert,
  }) => {
    const user = await makeUser()
    const folder = await saveFolder(user, { name: 'Languages' })
    const record = await withQueuePaused(async () =>
      startImport(user, {
        ...(await upload()),
        folderId: folder.id,
        options: { cardSeparator: 'newline' },
      })
    )
    assert.equal(record.status, 'queued')
    assert.equal(record.attempt, 1)
    assert.deepEqual(record.options, { cardSeparator: 'newline' })
    const deck = await Deck.findOrFail(record.deckId)
    assert.equal(deck.name, 'Spanish words')
    assert.equal(deck.state, 'notes_importing')
    assert.equal(deck.source, 'imported_csv')
    assert.equal(deck.folderId, folder.id)
    assert.equal(deck.rootDeckId, deck.id)
    assert.deepEqual(deck.processing, { total: 0, processed: 0, previousState: 'active' })
  })

  test("start_import makes nothing when the folder is not the learner's", async ({ assert }) => {
    const owner = await makeUser()
    const other = await makeUser()
    const folder = await saveFolder(owner, { name: 'Private' })
    await expectCode(
      startImport(other, { ...(await upload()), folderId: folder.id }),
      404,
      'E_NOT_FOUND'
    )
    assert.equal(Number((await db.from('deck_imports').count('* as n').first()).n), 0)
    assert.equal(
      Number((await db.from('decks').where('user_id', other.id).count('* as n').first()).n),
      0
    )
  })

  test('cancel_import ends the import, removes its deck and its upload; cancelling again answers the same', async ({
    assert,
  }) => {
    const user = await makeUser()
    const file = await upload()
    const record = await withQueuePaused(() => startImport(user, file))
    const deckId = record.deckId!
    const cancelled = await cancelImport(user, { id: record.id })
    assert.equal(cancelled.status, 'cancelled')
    assert.isNull(cancelled.deckId)
    assert.isNull(cancelled.storageKey)
    assert.equal(cancelled.attempt, 2)
    assert.isNotNull(cancelled.finishedAt)
    assert.isNull(await Deck.find(deckId))
    assert.isFalse(await drive.use().exists(file.storageKey))
    assert.equal((await cancelImport(user, { id: record.id })).status, 'cancelled')
    await expectCode(retryImport(user, { id: record.id }), 409, 'E_IMPORT_CANCELLED')
  })

  test('a finished import can be neither cancelled nor retried', async () => {
    const user = await makeUser()
    const record = await withQueuePaused(async () => startImport(user, await upload()))
    await db
      .from('deck_imports')
      .where('id', record.id)
      .update({ status: 'done', finished_at: new Date() })
    await expectCode(cancelImport(user, { id: record.id }), 409, 'E_IMPORT_FINISHED')
    await expectCode(retryImport(user, { id: record.id }), 409, 'E_IMPORT_FINISHED')
  })

  test('retry_import starts a new attempt with the same upload in a new empty deck', async ({
    assert,
  }) => {
    const user = await makeUser()
    const file = await upload()
    const record = await withQueuePaused(() => startImport(user, file))
    const firstDeck = record.deckId!
    const retried = await withQueuePaused(() => retryImport(user, { id: record.id }))
    assert.equal(retried.attempt, 2)
    assert.equal(retried.status, 'queued')
    assert.equal(retried.storageKey, file.storageKey)
    assert.notEqual(retried.deckId, firstDeck)
    assert.isNull(await Deck.find(firstDeck))
    assert.equal((await Deck.findOrFail(retried.deckId)).state, 'notes_importing')
    assert.isTrue(await drive.use().exists(file.storageKey))
  })

  test('retry_import of an import whose upload is gone is 409 E_IMPORT_FILE_GONE', async () => {
    const user = await makeUser()
    const record = await withQueuePaused(async () => startImport(user, await upload()))
    await db
      .from('deck_imports')
      .where('id', record.id)
      .update({ status: 'failed', storage_key: null })
    await expectCode(retryImport(user, { id: record.id }), 409, 'E_IMPORT_FILE_GONE')
  })

  test("find_import answers the learner's own import and a 404 for anyone else's or an id that is none", async ({
    assert,
  }) => {
    const owner = await makeUser()
    const other = await makeUser()
    const record = await withQueuePaused(async () => startImport(owner, await upload()))
    assert.equal((await findImport(owner, record.id)).id, record.id)
    assert.equal((await findImport(owner, String(record.id))).id, record.id)
    await expectCode(findImport(other, record.id), 404, 'E_NOT_FOUND')
    await expectCode(cancelImport(other, { id: record.id }), 404, 'E_NOT_FOUND')
    await expectCode(retryImport(other, { id: record.id }), 404, 'E_NOT_FOUND')
    for (const id of [0, -1, 1.5, '1e20', 'abc', 2147483648])
      await expectCode(findImport(owner, id), 404, 'E_NOT_FOUND')
    assert.equal((await DeckImport.findOrFail(record.id)).status, 'queued')
  })

  test("list_imports answers the learner's imports of the last 7 days, newest first", async ({
    assert,
  }) => {
    const user = await makeUser()
    const other = await makeUser()
    const [first, second, old] = await withQueuePaused(async () => [
      await startImport(user, await upload('a.csv')),
      await startImport(user, await upload('b.csv')),
      await startImport(user, await upload('c.csv')),
    ])
    await withQueuePaused(async () => startImport(other, await upload('theirs.csv')))
    await db
      .from('deck_imports')
      .where('id', old.id)
      .update({ created_at: DateTime.now().minus({ days: 8 }).toJSDate() })
    assert.deepEqual(
      (await listImports(user)).map((record) => record.id),
      [second.id, first.id]
    )
  })

  test('import_progress reads the counters from the deck while the import runs, zeros once it ended', async ({
    assert,
  }) => {
    const user = await makeUser()
    const record = await withQueuePaused(async () => startImport(user, await upload()))
    await db
      .from('decks')
      .where('id', record.deckId!)
      .update({ processing: JSON.stringify({ total: 40, processed: 10, previousState: 'active' }) })
    assert.deepEqual(await importProgress(record), { total: 40, processed: 10 })
    await cancelImport(user, { id: record.id })
    assert.deepEqual(await importProgress(await DeckImport.findOrFail(record.id)), {
      total: 0,
      processed: 0,
    })
  })

  test('fail_abandoned_imports fails only the imports that stopped moving, with their deck and upload', async ({
    assert,
  }) => {
    const user = await makeUser()
    const stuck = await upload('stuck.csv')
    const [abandoned, moving] = await withQueuePaused(async () => [
      await startImport(user, stuck),
      await startImport(user, await upload('moving.csv')),
    ])
    const before = new Date(Date.now() - 60_000)
    await db
      .from('deck_imports')
      .where('id', abandoned.id)
      .update({ updated_at: new Date(Date.now() - 120_000) })
    const failed = await failAbandonedImports({ before })
    assert.deepEqual(
      failed.map((record) => record.id),
      [abandoned.id]
    )
    const row = await DeckImport.findOrFail(abandoned.id)
    assert.equal(row.status, 'failed')
    assert.equal(row.errorKey, 'import_failed')
    assert.match(row.errorMessage!, /^abandoned: no progress since /)
    assert.isNull(await Deck.find(abandoned.deckId!))
    assert.isFalse(await drive.use().exists(stuck.storageKey))
    assert.equal((await DeckImport.findOrFail(moving.id)).status, 'queued')
    assert.deepEqual(await failAbandonedImports({ before }), [])
  })
})
