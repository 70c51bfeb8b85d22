import { test } from '@japa/runner'
import type { Job } from 'bullmq'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import mail from '@adonisjs/mail/services/main'
import { readOutbox } from '#services/mail/outbox_transport'
import { outboxDirectory } from '#config/mail'
import { markExportFailed, runExport } from '#actions/exports/run_export'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import DeckExport from '#models/deck_export'
import { makeUser, resetState, waitForMail } from '#tests/support/helpers'

/*
 * Every path of the export job, run in this process on a row the worker
 * never sees (it is made here, not queued), with the e-mail made to fail
 * where a path needs it: a row says done only with its file stored and its
 * e-mail queued, and a failed run never leaves it saying done.
 */

const ATTEMPTS = 5
const attempt = (made: number) =>
  ({ attemptsMade: made, opts: { attempts: ATTEMPTS } }) as unknown as Job

async function exportRow(email = 'ana@example.test') {
  const user = await makeUser({ email, name: 'Ana' })
  const deck = await createDeck(user, { name: 'Biology' })
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: [{ front: 'Cell', back: 'Unit of life' }],
  })
  const record = await DeckExport.create({
    userId: user.id,
    deckId: deck.id,
    deckName: deck.name,
    email,
    format: 'csv',
    includeProgress: false,
    status: 'queued',
  })
  return { user, deck, record, key: `exports/${record.id}/export.csv` }
}

const row = (id: number) => db.from('deck_exports').where('id', id).firstOrFail()
const mailsTo = async (to: string) =>
  (await readOutbox(outboxDirectory)).filter((message) => message.to.includes(to))

/** The e-mail cannot be queued (Redis down, say) while `work` runs. */
async function withMailQueueDown<T>(work: () => Promise<T>) {
  const original = mail.sendLater
  mail.sendLater = (async () => {
    throw new Error('the mail queue is down')
  }) as typeof mail.sendLater
  try {
    return await work()
  } finally {
    mail.sendLater = original
  }
}

test.group('The export job', (group) => {
  group.each.setup(async () => {
    await resetState()
    /* ids start again at 1 on every reset: no file of an earlier test's export may stand in */
    await drive.use().deleteAll('exports')
  })
  group.each.timeout(60_000)

  test('the e-mail cannot be queued: the row is not done; the retry finishes it and one e-mail goes out', async ({
    assert,
  }) => {
    const { record, key } = await exportRow()
    await withMailQueueDown(async () => {
      await assert.rejects(
        () => runExport({ exportId: record.id }, attempt(0)),
        'the mail queue is down'
      )
    })
    const between = await row(record.id)
    assert.equal(between.status, 'processing', 'waiting for its retry, not done')
    assert.isNull(between.storage_key)
    assert.isNull(between.expires_at)

    await runExport({ exportId: record.id }, attempt(1))
    const done = await row(record.id)
    assert.equal(done.status, 'done')
    assert.equal(done.storage_key, key)
    assert.isTrue(await drive.use().exists(key))
    const message = await waitForMail('ana@example.test', 20_000)
    assert.match(message.text, new RegExp(`/exports/${record.id}/download\\?`))
    assert.lengthOf(await mailsTo('ana@example.test'), 1)
  })

  test('the last attempt fails: the row says failed, and the file an earlier attempt stored is removed', async ({
    assert,
  }) => {
    const { record, key } = await exportRow()
    await withMailQueueDown(async () => {
      await assert.rejects(() => runExport({ exportId: record.id }, attempt(0)))
      assert.isTrue(await drive.use().exists(key), 'the first attempt stored the file')
      await assert.rejects(() => runExport({ exportId: record.id }, attempt(ATTEMPTS - 1)))
    })
    const failed = await row(record.id)
    assert.equal(failed.status, 'failed')
    assert.equal(failed.error_message, 'the mail queue is down')
    assert.isNull(failed.storage_key)
    assert.isFalse(await drive.use().exists(key))
    assert.lengthOf(await mailsTo('ana@example.test'), 0)
  })

  test('done is final: a late run of the job does nothing, and cannot mark it failed', async ({
    assert,
  }) => {
    const { record, key } = await exportRow()
    await runExport({ exportId: record.id }, attempt(0))
    await waitForMail('ana@example.test', 20_000)
    const done = await row(record.id)
    assert.equal(done.status, 'done')

    /* the same job again (a stalled job run twice), on its last attempt, with the e-mail failing */
    await withMailQueueDown(() => runExport({ exportId: record.id }, attempt(ATTEMPTS - 1)))
    await markExportFailed(record.id, 'late failure')
    const after = await row(record.id)
    assert.equal(after.status, 'done')
    assert.isNull(after.error_message)
    assert.equal(after.storage_key, key)
    assert.equal(String(after.expires_at), String(done.expires_at))
    assert.isTrue(await drive.use().exists(key))
    assert.lengthOf(await mailsTo('ana@example.test'), 1)
  })

  test('failed is final: a late run of the job writes nothing', async ({ assert }) => {
    const { record, key } = await exportRow()
    await markExportFailed(record.id, 'deck_deleted')
    await runExport({ exportId: record.id }, attempt(0))
    const after = await row(record.id)
    assert.equal(after.status, 'failed')
    assert.isFalse(await drive.use().exists(key))
    assert.lengthOf(await mailsTo('ana@example.test'), 0)
  })

  test('the deck deleted before the file is written: failed at once, not retried, nothing stored or sent', async ({
    assert,
  }) => {
    const { user, deck, record, key } = await exportRow()
    const { deleteDeck } = await import('#actions/decks/delete_deck')
    await deleteDeck(user, { id: deck.id })
    await runExport({ exportId: record.id }, attempt(0))
    const after = await row(record.id)
    assert.equal(after.status, 'failed')
    assert.equal(after.error_message, 'deck_deleted')
    assert.isFalse(await drive.use().exists(key))
    assert.lengthOf(await mailsTo('ana@example.test'), 0)
  })
})
