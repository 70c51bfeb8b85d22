import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withQueuePaused } from '#tests/support/queue'
import { startS3Server } from '#tests/support/s3_server'
import { startWebProcess } from '#tests/support/web_process'
import { createDeck, mediaPath, pngBytes, signIn } from '#tests/support/content'

/*
 * Media on an S3-compatible service (s3rver on loopback): with the AWS SDK's
 * default checksums every object held the aws-chunked framing ("c8\r\n…")
 * around its bytes. A web server on DRIVE_DISK=s3 stores an uploaded picture
 * and serves it back byte-identical, and the bucket holds exactly those bytes.
 */
test.group('S3-compatible storage', () => {
  test('an uploaded picture is stored and served byte-identical', async ({ client, assert }) => {
    const s3 = await startS3Server()
    const web = await startWebProcess(s3.env)
    try {
      const { token } = await signIn()
      const deck = await createDeck(client, token, { name: 'On S3' })
      const png = pngBytes()
      const form = new FormData()
      form.set('deck_id', String(deck.id))
      form.set('file', new Blob([png], { type: 'image/png' }), 'p.png')
      const headers = { authorization: `Bearer ${token}` }
      const uploaded = await fetch(`${web.url}/api/card_attachments`, {
        method: 'POST',
        headers,
        body: form,
      })
      assert.equal(uploaded.status, 200, await uploaded.clone().text())
      /* the file's own path: the bearer door (the signed link names the web process's APP_URL) */
      const url = mediaPath(((await uploaded.json()) as { url: string }).url)

      const served = await fetch(`${web.url}${url}`, { headers })
      assert.equal(served.status, 200)
      assert.isTrue(Buffer.from(await served.arrayBuffer()).equals(png), 'served as uploaded')
      assert.isTrue((await s3.read(url.slice(1))).equals(png), 'stored as uploaded')
    } finally {
      await web.stop()
      await s3.stop()
    }
  }).timeout(120_000)

  /*
   * An import's file reaches the drive as the request streams in: piped
   * straight to S3 it went with no length (chunked), which AWS refuses and
   * s3rver alone accepted; the strict front of the test server refuses it as
   * AWS does. The file goes through a file on the web node first.
   */
  test("an import's upload is stored with its length, as AWS requires", async ({ assert }) => {
    const s3 = await startS3Server()
    const web = await startWebProcess(s3.env)
    try {
      const { token } = await signIn()
      const csv = Buffer.from('front,back\nhola,hello\nadiós,bye\n')
      const form = new FormData()
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'words.csv')
      /* the job is not run here: the suite's worker reads another disk */
      const uploaded = await withQueuePaused(() =>
        fetch(`${web.url}/api/deck_imports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
      )
      assert.equal(uploaded.status, 202, await uploaded.clone().text())
      const row = await db.from('deck_imports').orderBy('id', 'desc').firstOrFail()
      assert.isTrue((await s3.read(row.storage_key)).equals(csv), 'stored as uploaded')
    } finally {
      await web.stop()
      await s3.stop()
    }
  }).timeout(120_000)
})
