import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { storageRoot } from '#config/drive'
import { resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { buildAnkiPackage } from '#tests/support/anki_builder'
import { solidPng } from '#tests/support/images'
import {
  age,
  allKeys,
  countStored,
  emptyFolders,
  keysOfUser,
  runSweep,
  storedFolders,
  storedKeys,
} from '#tests/support/stored_files'
import { basicNote, createDeck, pngBytes, signIn, withQueuePaused } from '#tests/support/content'
import { importFile, upload } from '../imports/support.js'
import { requestExport, waitForExport } from '../exports/support.js'

/*
 * A learner who leaves takes their data with them: deleting the account
 * removes every file stored for it (the files hold the whole deck), not only
 * its rows, through the web and through the API; other learners' files stay.
 */

/** A learner with every kind of stored file: media (uploaded and imported), an avatar, an export, an import upload. */
async function storeEverything(client: ApiClient, user: User, token: string) {
  const deck = await createDeck(client, token, { name: 'Anatomy' })
  const picture = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deck.id))
    .file('file', pngBytes(), { filename: 'heart.png' })
  picture.assertStatus(200)
  await basicNote(client, token, deck.id, `<img src="${picture.body().url}">`, 'heart')
  ;(
    await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .file('avatar', pngBytes(), { filename: 'me.png' })
  ).assertStatus(200)

  const packagePath = app.tmpPath(`account-files-${user.id}.apkg`)
  await mkdir(app.tmpPath(), { recursive: true })
  await buildAnkiPackage({
    format: 'anki2',
    outPath: packagePath,
    noteTypes: [
      {
        id: 1,
        name: 'Basic',
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
      },
    ],
    notes: [
      { id: 10, guid: `cat-${user.id}`, noteTypeId: 1, fields: ['<img src="cat.png">', 'cat'] },
    ],
    cards: [{ id: 100, noteId: 10, deckId: 1, ord: 0 }],
    media: [{ name: 'cat.png', data: solidPng() }],
  })
  const imported = await importFile(client, token, packagePath, 'Cats.apkg')
  await rm(packagePath, { force: true })
  if (imported.status !== 'done')
    throw new Error(`the import did not finish: ${JSON.stringify(imported)}`)
  /* an upload still waiting for its job */
  await withQueuePaused(async () =>
    (await upload(client, token, Buffer.from('front,back\nuno,one\n'), 'waiting.csv')).assertStatus(
      202
    )
  )

  const exported = await requestExport(client, token, { deck_id: deck.id })
  exported.assertStatus(202)
  const done = await waitForExport(client, token, exported.body().id)
  if (done.status !== 'done') throw new Error(`the export did not finish: ${JSON.stringify(done)}`)
  return keysOfUser(user.id)
}

async function assertEverythingStored(assert: any, keys: Awaited<ReturnType<typeof keysOfUser>>) {
  assert.lengthOf(keys.media, 2, 'an uploaded picture and an imported one')
  assert.lengthOf(keys.avatars, 1)
  assert.lengthOf(keys.exports, 1)
  assert.lengthOf(keys.imports, 1)
  assert.equal(await countStored(allKeys(keys)), 5)
}

test.group('Deleting an account deletes its files', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test('DELETE users/{id}: no file of the learner remains, other learners keep theirs', async ({
    client,
    assert,
  }) => {
    const leaving = await signIn({ username: 'leaving' })
    const staying = await signIn({ username: 'staying' })
    const theirs = await storeEverything(client, leaving.user, leaving.token)
    const others = await storeEverything(client, staying.user, staying.token)
    await assertEverythingStored(assert, theirs)
    await assertEverythingStored(assert, others)
    const before = await storedKeys()
    const emptyBefore = await emptyFolders()

    ;(await client.delete(`/api/users/${leaving.user.id}`).bearerToken(leaving.token)).assertStatus(
      204
    )

    assert.isNull(await User.find(leaving.user.id))
    assert.equal(
      await countStored(allKeys(theirs)),
      0,
      'files of the deleted account left on the drive'
    )
    assert.equal(await countStored(allKeys(others)), 5)
    /* exactly their files went, nothing else */
    assert.sameMembers(
      await storedKeys(),
      before.filter((key) => !allKeys(theirs).includes(key))
    )
    /* the export's folder (exports/<id>/) goes with its file */
    assert.deepEqual(await emptyFolders(), emptyBefore)
  })

  test('DELETE /account on the web: no file of the learner remains, other learners keep theirs', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('leaving@example.test')
    const staying = await signIn()
    const theirs = await storeEverything(client, user, await tokenFor(user))
    const others = await storeEverything(client, staying.user, staying.token)
    await assertEverythingStored(assert, theirs)
    const before = await storedKeys()

    await web.get('/account')
    const deleted = await web.delete('/account', { confirmation: user.username! })
    assert.equal(deleted.status, 302)

    assert.isNull(await User.find(user.id))
    assert.equal(
      await countStored(allKeys(theirs)),
      0,
      'files of the deleted account left on the drive'
    )
    assert.equal(await countStored(allKeys(others)), 5)
    assert.sameMembers(
      await storedKeys(),
      before.filter((key) => !allKeys(theirs).includes(key))
    )
  })

  test(
    'a file that cannot be deleted does not keep the account: the rows go, and the sweep removes ' +
      'the file later',
    async ({ client, assert }) => {
      const leaving = await signIn()
      const theirs = await storeEverything(client, leaving.user, leaving.token)
      /* one picture is stuck: a folder stands where its file was (a delete of it fails) */
      const stuck = theirs.media[0]
      const root = storageRoot
      await rm(join(root, stuck))
      await mkdir(join(root, stuck))
      await writeFile(join(root, stuck, 'stuck'), 'x')

      ;(
        await client.delete(`/api/users/${leaving.user.id}`).bearerToken(leaving.token)
      ).assertStatus(204)
      assert.isNull(await User.find(leaving.user.id))
      assert.equal(
        Number(
          (await db.from('media').where('user_id', leaving.user.id).count('* as n').first()).n
        ),
        0
      )
      assert.equal(await countStored(allKeys(theirs).filter((key) => key !== stuck)), 0)
      assert.include(await storedKeys(), `${stuck}/stuck`)

      /* nothing names it any more: once past the grace period, the sweep takes it and its folder */
      await age(`${stuck}/stuck`, 25)
      await runSweep()
      assert.notInclude(await storedKeys(), `${stuck}/stuck`)
      assert.notInclude(await storedFolders(), stuck)
    }
  )
})
