import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { getQueue } from '#services/queue'
import { resetState, tokenFor } from '#tests/support/helpers'
import { startWorkerProcess, stopWorkerProcess } from '#tests/support/worker_process'
import {
  age,
  countStored,
  emptyFolders,
  leaveFile,
  makeFolder,
  runSweep,
  storedFolders,
  storedKeys,
} from '#tests/support/stored_files'
import {
  basicNote,
  createDeck,
  mediaPath,
  pngBytes,
  signIn,
  withQueuePaused,
} from '#tests/support/content'
import { upload } from '../api/imports/support.js'
import { signedIn } from '#tests/support/web_session'
import { requestExport, waitForExport } from '../api/exports/support.js'

/*
 * The storage sweep, run by the worker on a schedule: whatever the direct
 * paths could not remove (a worker killed mid-import, a file that refused
 * to go, files from before) goes once no row needs it, and a file no row
 * names yet only after the grace period (24 h), so an upload on its way is
 * never taken. The tests queue the job by name and look at the drive.
 */

const daysAgo = (days: number) => DateTime.now().minus({ days }).toJSDate()

async function picture(client: any, token: string, deckId: number) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', pngBytes(), { filename: 'p.png' })
  response.assertStatus(200)
  const url = mediaPath(response.body().url)
  return { url, key: url.slice('/media/'.length), file: url.slice(1) }
}

/** What a killed import attempt leaves on the drive: the media it copied, whose rows died with its transaction. */
async function leftByKilledAttempt(count: number, hoursAgo: number) {
  const keys: string[] = []
  for (let i = 0; i < count; i++) {
    const key = await leaveFile(`media/${randomUUID()}.png`, pngBytes())
    await age(key, hoursAgo)
    keys.push(key)
  }
  return keys
}

test.group('Storage sweep', (group) => {
  group.each.setup(async () => {
    await resetState()
    /* what earlier runs left is not this test's to count */
    await runSweep()
  })
  group.each.timeout(90_000)

  test('the worker schedules it every 6 hours when it starts', async ({ assert }) => {
    /* resetState flushes Redis, schedules included: a worker is started here, as a deploy starts one */
    await getQueue().removeJobScheduler('sweep_storage')
    await stopWorkerProcess()
    await startWorkerProcess(2)
    const scheduler = await getQueue().getJobScheduler('sweep_storage')
    assert.exists(scheduler, 'queue:work registered the sweep_storage scheduler')
    assert.equal(Number(scheduler!.every), 6 * 60 * 60 * 1000)
    assert.equal(scheduler!.name, 'sweep_storage')
    /* its first run is one interval away, not at once: a worker's start does not sweep under a running deploy */
    assert.isAbove(Number(scheduler!.next), Date.now() + 5 * 60 * 60 * 1000)
  })

  test(
    'a killed import: the abandoned import fails, its deck, upload and orphaned media go; a fresh ' +
      'upload stays',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      /* two uploads whose jobs are lost (the paused queue drops them) */
      const [abandoned, fresh] = await withQueuePaused(async () => {
        const first = (
          await upload(client, token, Buffer.from('front,back\nuno,one\n'), 'killed.csv')
        ).body()
        const second = (
          await upload(client, token, Buffer.from('front,back\ndos,two\n'), 'waiting.csv')
        ).body()
        return [first, second]
      })
      const rows = await db
        .from('deck_imports')
        .whereIn('id', [abandoned.id, fresh.id])
        .orderBy('id')
      /* the killed one was processing, and has not moved for two days; its attempt had copied 60 pictures */
      await db
        .from('deck_imports')
        .where('id', abandoned.id)
        .update({ status: 'processing', updated_at: daysAgo(2) })
      const orphans = await leftByKilledAttempt(60, 30)
      /* a picture copied an hour ago may belong to an import still writing: within the grace period */
      const recent = await leftByKilledAttempt(1, 1)
      assert.equal(
        await countStored([...orphans, ...recent, rows[0].storage_key, rows[1].storage_key]),
        63
      )

      const report = await runSweep()

      assert.equal(await countStored(orphans), 0, 'media orphaned by the killed attempt')
      assert.equal(await countStored(recent), 1)
      const after = await db.from('deck_imports').where('id', abandoned.id).first()
      assert.include(after, {
        status: 'failed',
        error_key: 'import_failed',
        storage_key: null,
        deck_id: null,
      })
      assert.isNull(await db.from('decks').where('id', abandoned.deckId).first())
      assert.equal(await countStored([rows[0].storage_key]), 0)
      /* the other import is only waiting: untouched */
      assert.include(await db.from('deck_imports').where('id', fresh.id).first(), {
        status: 'queued',
        storage_key: rows[1].storage_key,
      })
      assert.equal(await countStored([rows[1].storage_key]), 1)
      assert.isNotNull(await db.from('decks').where('id', fresh.deckId).first())
      assert.equal(report.abandonedImports, 1)
      assert.equal(report.media.files, 60)
      assert.equal(report.media.bytes, 60 * pngBytes().length)
      assert.deepEqual(report.uploads, {
        files: 1,
        bytes: Buffer.byteLength('front,back\nuno,one\n'),
      })
      assert.equal(
        Number((await db.from('media').where('user_id', user.id).count('* as n').first()).n),
        0
      )
    }
  )

  test('uploads of finished imports go at once; an upload no import names goes after the grace period', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const started = await withQueuePaused(async () =>
      (await upload(client, token, Buffer.from('front,back\nuno,one\n'), 'done.csv')).body()
    )
    const { storage_key: finishedKey } = await db
      .from('deck_imports')
      .where('id', started.id)
      .first()
    /* an import that finished while its upload stayed (an older version, or a delete that failed) */
    await db
      .from('deck_imports')
      .where('id', started.id)
      .update({ status: 'done', finished_at: new Date() })
    const lost = await leaveFile(`imports/${randomUUID()}.csv`, 'a,b\n')
    await age(lost, 25)
    const streaming = await leaveFile(`imports/${randomUUID()}.apkg`, 'still arriving')
    /* an older version kept each upload in a folder of its own, left empty */
    const legacyFolder = await makeFolder(`imports/${randomUUID()}`)

    const report = await runSweep()

    assert.equal(await countStored([finishedKey, lost]), 0)
    assert.equal(
      await countStored([streaming]),
      1,
      'an upload without its import yet may still be arriving'
    )
    assert.isNull((await db.from('deck_imports').where('id', started.id).first()).storage_key)
    assert.notInclude(await storedFolders(), legacyFolder)
    assert.deepInclude(report.uploads, {
      files: 2,
      bytes: Buffer.byteLength('front,back\nuno,one\n') + 4,
    })
    assert.isAtLeast(report.folders, 1)
  })

  test(
    "media rows nothing names go with their files: a deleted deck's at once, an unused upload after the " +
      'grace period',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      const kept = await createDeck(client, token, { name: 'Kept' })
      const shown = await picture(client, token, kept.id)
      await basicNote(client, token, kept.id, `<img src="${shown.url}">`, 'shown')
      const unusedOld = await picture(client, token, kept.id)
      const unusedNew = await picture(client, token, kept.id)
      /* an upload of the editor whose note was never saved, two days ago; another one a minute ago */
      await db
        .from('media')
        .where('key', unusedOld.key)
        .update({ created_at: daysAgo(2) })
      /*
       * rows an older version left when it deleted a deck (deck_id set null): one still shown by a note of
       * another deck
       */
      const gone = await createDeck(client, token, { name: 'Gone' })
      const orphanRow = await picture(client, token, gone.id)
      const sharedRow = await picture(client, token, gone.id)
      await basicNote(client, token, kept.id, 'shared', `<img src="${sharedRow.url}">`)
      await db.from('decks').where('id', gone.id).delete()
      assert.equal(
        await countStored([
          shown.file,
          unusedOld.file,
          unusedNew.file,
          orphanRow.file,
          sharedRow.file,
        ]),
        5
      )

      const report = await runSweep()

      assert.equal(await countStored([unusedOld.file, orphanRow.file]), 0)
      assert.equal(await countStored([shown.file, unusedNew.file, sharedRow.file]), 3)
      const rows = (await db.from('media').where('user_id', user.id).select('key'))
        .map((row) => row.key)
        .sort()
      assert.deepEqual(rows, [shown.key, unusedNew.key, sharedRow.key].sort())
      assert.deepEqual(report.media, { files: 2, bytes: 2 * pngBytes().length })
    }
  )

  test('files of expired exports and export files no export names go; a live export stays', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    const token = await tokenFor(user)
    const deck = await createDeck(client, token, { name: 'Spanish' })
    await basicNote(client, token, deck.id, 'gato', 'cat')
    const exportOnce = async () => {
      const response = await requestExport(client, token, { deck_id: deck.id, format: 'csv' })
      response.assertStatus(202)
      const done = await waitForExport(client, token, response.body().id)
      assert.equal(done.status, 'done')
      return db.from('deck_exports').where('id', done.id).first()
    }
    const expired = await exportOnce()
    const live = await exportOnce()
    await db
      .from('deck_exports')
      .where('id', expired.id)
      .update({ expires_at: daysAgo(1) })
    const unnamed = await leaveFile(`exports/999999/Old deck.csv`, 'front,back\n')
    await age(unnamed, 25)

    const report = await runSweep()

    assert.equal(await countStored([expired.storage_key, unnamed]), 0)
    assert.equal(await countStored([live.storage_key]), 1)
    assert.isNull((await db.from('deck_exports').where('id', expired.id).first()).storage_key)
    /* no folder left empty (another test's file may share the numbered folder: ids restart with each test) */
    assert.notInclude(await emptyFolders(), `exports/${expired.id}`)
    assert.notInclude(await storedFolders(), 'exports/999999')
    assert.deepEqual(report.exports, {
      files: 2,
      bytes: Number(expired.size) + Buffer.byteLength('front,back\n'),
    })
    /* still listed, as expired */
    const shown = await client.get(`/api/deck_exports/${expired.id}`).bearerToken(token)
    assert.include(shown.body(), { expired: true, downloadUrl: null })
    await web.get('/exports')
    assert.equal((await web.get(`/exports/${expired.id}/file`)).status, 410)
  })

  test('avatar files no user points at go after the grace period; avatars in use stay', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    ;(
      await client
        .put(`/api/users/${user.id}`)
        .bearerToken(await tokenFor(user))
        .file('avatar', pngBytes(), { filename: 'me.png' })
    ).assertStatus(200)
    const current = (await db.from('users').where('id', user.id).first()).avatar_path as string
    await age(current, 48)
    const stray = await leaveFile(`avatars/${user.id}-${randomUUID()}.png`, pngBytes())
    await age(stray, 25)
    /* an older version kept a folder per user: this one's user is gone */
    const legacy = await leaveFile(`avatars/999999/${randomUUID()}.png`, pngBytes())
    await age(legacy, 25)
    const young = await leaveFile(`avatars/${user.id}-${randomUUID()}.png`, pngBytes())
    assert.exists(token)

    const report = await runSweep()

    assert.equal(await countStored([stray, legacy]), 0)
    assert.equal(await countStored([current, young]), 2)
    assert.notInclude(await storedFolders(), 'avatars/999999', 'the folder goes with its last file')
    assert.deepEqual(report.avatars, { files: 2, bytes: 2 * pngBytes().length })
    ;(await client.get(`/avatars/${user.id}`)).assertStatus(200)
  })

  test('what it removed is counted; a second run finds nothing', async ({ assert }) => {
    await leftByKilledAttempt(3, 30)
    const first = await runSweep()
    assert.equal(first.media.files, 3)
    const before = await storedKeys()
    const second = await runSweep()
    assert.deepEqual(second.media, { files: 0, bytes: 0 })
    assert.deepEqual(await storedKeys(), before)
  })
})
