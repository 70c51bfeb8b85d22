import { test } from '@japa/runner'
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { request as httpRequest } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import { MULTIPART_LIMIT_BYTES } from '#services/upload_limits'
import { assertErrorBody, resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { createDeck, signIn } from '#tests/support/content'

const MB = 1024 * 1024

/**
 * A valid WAV file of `bytes` bytes on disk (16-bit mono PCM of silence),
 * written in chunks: no upload of this file is ever whole in memory.
 */
async function wavFile(dir: string, bytes: number) {
  const path = join(dir, `${bytes}.wav`)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(bytes - 8, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(bytes - 44, 40)
  const silence = Buffer.alloc(MB)
  async function* chunks() {
    yield header
    for (let left = bytes - 44; left > 0; left -= silence.length)
      yield left >= silence.length ? silence : silence.subarray(0, left)
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path))
  return path
}

/**
 * A multipart upload declaring a file of `bytes` bytes that sends only its
 * first `sendBytes`, then waits for the answer: a server that stops reading
 * at its cap answers then, and one that closes the connection while the
 * client still writes would turn the answer into EPIPE.
 */
function partialUpload(
  path: string,
  headers: Record<string, string>,
  deckId: number,
  bytes: number,
  sendBytes: number
) {
  const boundary = 'mnemo-media-limit'
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="deck_id"\r\n\r\n${deckId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="talk.wav"\r\ncontent-type: ` +
      `audio/wav\r\n\r\n`
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const url = new URL(`${appUrl}${path}`)
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...headers,
          'accept': 'application/json',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + bytes + tail.length),
        },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => {
          resolve({ status: response.statusCode!, body: JSON.parse(body) })
          request.destroy()
        })
      }
    )
    request.on('error', reject)
    const chunk = Buffer.alloc(MB)
    const pieces = (function* () {
      yield head
      for (let left = sendBytes; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left)
    })()
    const write = () => {
      for (let next = pieces.next(); !next.done; next = pieces.next()) {
        if (!request.write(next.value)) return void request.once('drain', write)
      }
    }
    write()
  })
}

test.group('Sound and video up to 25 MB', (group) => {
  let dir: string
  group.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mnemo-media-limits-'))
    return () => rm(dir, { recursive: true, force: true })
  })
  group.each.setup(() => resetState())
  group.each.timeout(120_000)

  test(
    'API: a 24 MB sound is stored; 26 MB is "too big (max 25 MB)" in the error shape, and so is a body past ' +
      'the transport cap',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const deck = await createDeck(client, token, { name: 'Listening' })
      const upload = async (bytes: number) =>
        client
          .post('/api/card_attachments')
          .bearerToken(token)
          .field('deck_id', String(deck.id))
          .file('file', await wavFile(dir, bytes), { filename: 'talk.wav' })

      const accepted = await upload(24 * MB)
      accepted.assertStatus(200)
      assert.equal(accepted.body().type, 'audio')
      assert.equal(
        Number((await db.from('media').where('id', accepted.body().id).first()).size),
        24 * MB
      )

      const tooBig = await upload(26 * MB)
      tooBig.assertStatus(422)
      assertErrorBody(assert, tooBig.body(), 'E_MEDIA_TOO_BIG')
      assert.equal(tooBig.body().title, 'The file is too big (max 25 MB)')
      assert.deepEqual(tooBig.body().errors, [
        { field: 'file', rule: 'E_MEDIA_TOO_BIG', message: 'The file is too big (max 25 MB)' },
      ])

      /* past what the body parser reads at all: the same words, not "This request could not be handled" */
      const huge = await partialUpload(
        '/api/card_attachments',
        { authorization: `Bearer ${token}` },
        deck.id,
        MULTIPART_LIMIT_BYTES + 10 * MB,
        MULTIPART_LIMIT_BYTES + MB
      )
      assert.equal(huge.status, 413)
      assertErrorBody(assert, huge.body, 'E_FILE_TOO_BIG')
      assert.equal(huge.body.title, 'The file is too big (max 25 MB)')
      assert.lengthOf(await db.from('media'), 1)
    }
  )

  test("web editor: a 24 MB sound is stored, 26 MB is refused in the learner's language", async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    user.locale = 'de'
    await user.save()
    const { id: deckId } = await createDeck(client, await tokenFor(user), { name: 'Hören' })
    const upload = async (bytes: number) => {
      const form = new FormData()
      form.append('deck_id', String(deckId))
      form.append(
        'file',
        await openAsBlob(await wavFile(dir, bytes), { type: 'audio/wav' }),
        'talk.wav'
      )
      const response = await fetch(`${web.base}/media`, {
        method: 'POST',
        body: form,
        headers: {
          'cookie': [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'accept': 'application/json',
          'referer': `${web.base}/`,
          'x-xsrf-token': decodeURIComponent(web.cookies.get('XSRF-TOKEN') ?? ''),
        },
      })
      return { status: response.status, body: await response.json() }
    }

    const accepted = await upload(24 * MB)
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
    assert.equal(accepted.body.type, 'audio')

    const tooBig = await upload(26 * MB)
    assert.equal(tooBig.status, 422)
    assertErrorBody(assert, tooBig.body, 'E_MEDIA_TOO_BIG')
    assert.equal(tooBig.body.title, 'Die Datei ist zu groß (max. 25 MB)')
  })
})
