import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { uploadsFolder } from '#config/bodyparser'
import { resetState } from '#tests/support/helpers'
import { storedKeys } from '#tests/support/stored_files'
import { pageCall, signedIn, type WebSession } from '#tests/support/web_session'
import { eventually } from '#tests/support/eventually'
import { createDeck } from '#actions/decks/create_deck'

const entries = async () => new Set(await readdir(uploadsFolder).catch(() => [] as string[]))

/**
 * POST /media as the editor sends it, the body cut off after `sent` bytes of a 4 MB picture; resolves once the
 * server holds part of it.
 */
async function cutOffUpload(web: WebSession, deckId: number) {
  const boundary = 'mnemo-test-boundary'
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; ` +
    `name="deck_id"\r\n\r\n${deckId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
    `filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`
  const length = Buffer.byteLength(head) + 4_000_000 + `\r\n--${boundary}--\r\n`.length
  const upload = request({
    host: process.env.HOST,
    port: process.env.PORT,
    method: 'POST',
    path: '/media',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
      'accept': 'application/json',
      'cookie': [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(web.cookies.get('XSRF-TOKEN') ?? ''),
      'referer': `${web.base}/`,
    },
  })
  upload.on('error', () => {})
  upload.write(head)
  upload.write(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(1_000_000, 7),
    ])
  )
  return upload
}

test.group('Web: an upload leaves nothing behind it was not kept for', (group) => {
  group.each.setup(() => resetState())

  test(
    'a refused upload leaves no temporary file; one cut off midway (the learner cancelled) leaves no file, ' +
      'row or stored media',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const deck = await createDeck(user, { name: 'Biology' })
      await web.get('/')

      /* refused (the bytes are no picture): the answer says so, and its temporary file is gone */
      const before = await entries()
      const form = new FormData()
      form.append('deck_id', String(deck.id))
      form.append('file', new Blob([Buffer.alloc(5000, 1)], { type: 'image/png' }), 'fake.png')
      const refused = await pageCall(web, 'POST', '/media', form)
      assert.equal(refused.status, 422)
      assert.equal(refused.body.code, 'E_UNSUPPORTED_MEDIA')
      assert.deepEqual(
        [...(await entries())].filter((name) => !before.has(name)),
        []
      )

      /* cut off: while it streams in, part of it is on the disk; once the connection goes, nothing is */
      const upload = await cutOffUpload(web, deck.id)
      let partial: string | undefined
      await eventually(
        async () =>
          (partial = [...(await entries())].find((name) => !before.has(name))) !== undefined,
        'the upload reached the disk'
      )
      upload.destroy()
      await eventually(async () => !(await entries()).has(partial!), 'the partial file went')
      assert.equal(Number((await db.from('media').count('* as n').first()).n), 0)
      assert.deepEqual(
        (await storedKeys()).filter((key) => key.startsWith('media/')),
        []
      )
    }
  )
})
