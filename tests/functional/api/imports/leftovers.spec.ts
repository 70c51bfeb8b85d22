import { test } from '@japa/runner'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { writeZip } from '#tests/support/anki_builder'
import { storedFolders, storedKeys } from '#tests/support/stored_files'
import { signIn, withQueuePaused } from '#tests/support/content'
import { importFile, upload, waitForImport } from './support.js'

/*
 * An import keeps its upload only while it may still need it: a refused or
 * failed import removes it at once (19 broken uploads used to leave 19
 * files of up to 500 MB), a done or cancelled one too, and none leaves an
 * empty folder behind.
 */

async function brokenPackage() {
  /* a zip with a collection entry passes the upload's check; no SQLite inside, so the reader refuses it */
  const dir = await mkdtemp(join(tmpdir(), 'broken-'))
  await writeZip(join(dir, 'broken.apkg'), [
    { name: 'collection.anki2', data: Buffer.from('this is not an SQLite database') },
  ])
  const bytes = await readFile(join(dir, 'broken.apkg'))
  await rm(dir, { recursive: true, force: true })
  return bytes
}

const stored = async () => ({ files: await storedKeys(), folders: await storedFolders() })

test.group('API deck imports: nothing left behind', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test('refused imports remove their upload at once: 19 broken uploads leave 0 files and no folder', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    /*
     * 19 in a row: more than a free plan's hour, and each waits for the one before (the imports a learner may
     * have at once: work_limits.ts)
     */
    await db.from('users').where('id', user.id).update({ is_premium: true })
    const bytes = await brokenPackage()
    const before = await stored()
    for (let i = 0; i < 19; i++) {
      const response = await upload(client, token, bytes, `broken ${i}.apkg`)
      response.assertStatus(202)
      assert.equal((await waitForImport(client, token, response.body().id)).status, 'failed')
    }
    const after = await stored()
    const left = after.files.filter((key) => !before.files.includes(key))
    assert.deepEqual(left, [], `files left after 19 failed imports: ${left.length}`)
    assert.deepEqual(after.folders, before.folders)
    assert.equal(
      Number((await db.from('deck_imports').whereNotNull('storage_key').count('* as n').first()).n),
      0
    )
  })

  test('a retry of a failed import asks for the file again (409 E_IMPORT_FILE_GONE)', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const failed = await importFile(client, token, await brokenPackage(), 'broken.apkg')
    assert.equal(failed.status, 'failed')
    const retry = await client.post(`/api/deck_imports/${failed.id}/retry`).bearerToken(token)
    retry.assertStatus(409)
    assertErrorBody(assert, retry.body(), 'E_IMPORT_FILE_GONE')
  })

  test('done and cancelled imports leave neither their upload nor an empty folder', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const before = await stored()
    const done = await importFile(
      client,
      token,
      Buffer.from('front,back\nuno,one\n'),
      'numbers.csv'
    )
    assert.equal(done.status, 'done')
    const cancelled = await withQueuePaused(async () => {
      const response = await upload(
        client,
        token,
        Buffer.from('front,back\ndos,two\n'),
        'more numbers.csv'
      )
      response.assertStatus(202)
      return (
        await client.delete(`/api/deck_imports/${response.body().id}`).bearerToken(token)
      ).body()
    })
    assert.equal(cancelled.status, 'cancelled')
    assert.deepEqual(await stored(), before)
  })
})
