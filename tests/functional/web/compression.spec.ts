import { test } from '@japa/runner'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { resetState } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

/* a raw request: fetch would undo the encoding and hide the header */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, any>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: process.env.HOST, port: process.env.PORT, path, headers },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            })
          )
        }
      )
      req.on('error', reject)
      req.end()
    }
  )
}

/* Issue 33: answers are compressed as the browser accepts; COMPRESSION=proxy is documented for a proxy that does it */
test.group('Web: compressed answers', (group) => {
  group.each.setup(() => resetState())

  test('a page comes in brotli to a browser that takes it, in gzip to one that takes only gzip, else plain', async ({
    assert,
  }) => {
    const plain = await raw('/sign-in', { 'accept-encoding': 'identity' })
    assert.equal(plain.status, 200)
    assert.isUndefined(plain.headers['content-encoding'])
    const html = plain.body.toString()
    assert.include(html, '<script data-page="app"')

    const br = await raw('/sign-in', { 'accept-encoding': 'gzip, deflate, br' })
    assert.equal(br.headers['content-encoding'], 'br')
    assert.include(br.headers.vary, 'Accept-Encoding')
    assert.isBelow(br.body.length, plain.body.length / 2)
    assert.include(brotliDecompressSync(br.body).toString(), '<script data-page="app"')

    const gzip = await raw('/sign-in', { 'accept-encoding': 'gzip' })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.include(gunzipSync(gzip.body).toString(), '<script data-page="app"')
  })

  test('the translations script and a JSON answer are compressed; a tiny answer is not', async ({
    assert,
  }) => {
    const page = WebSession.page((await new WebSession().get('/sign-in')).text)
    const script = await raw(page.props.messagesScripts[0], { 'accept-encoding': 'br' })
    assert.equal(script.headers['content-encoding'], 'br')
    assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.isTrue(
      brotliDecompressSync(script.body)
        .toString()
        .startsWith('Object.assign((globalThis.mnemoMessages')
    )

    const tiny = await raw('/api/health', { 'accept-encoding': 'br', 'accept': 'application/json' })
    assert.isUndefined(tiny.headers['content-encoding'])
  })

  test("a file of Vite's build (public/assets, named by its hash) is kept a year and compressed", async ({
    assert,
    cleanup,
  }) => {
    /* the production build's assets are the static files under public/assets (config/static.ts) */
    await mkdir('public/assets', { recursive: true })
    const name = `probe-${randomBytes(4).toString('hex')}.js`
    await writeFile(
      `public/assets/${name}`,
      `export const words = ${JSON.stringify('word '.repeat(2000))}\n`
    )
    cleanup(() => rm(`public/assets/${name}`, { force: true }))

    const asset = await raw(`/assets/${name}`, { 'accept-encoding': 'br, gzip' })
    assert.equal(asset.status, 200)
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(asset.headers['content-encoding'], 'br')
    assert.include(brotliDecompressSync(asset.body).toString(), 'word word')
  })

  test("the build's compressed twin of an asset is sent as it is, to a browser that takes its encoding", async ({
    assert,
    cleanup,
  }) => {
    await mkdir('public/assets', { recursive: true })
    const name = `probe-${randomBytes(4).toString('hex')}.css`
    const original = `.a { color: red; }\n`.repeat(200)
    /* twins the build would have written (bin/precompress_hook.ts); marked, to tell them from a live compression */
    const br = brotliCompressSync(`${original}/* br twin */`)
    const gz = gzipSync(`${original}/* gzip twin */`)
    await writeFile(`public/assets/${name}`, original)
    await writeFile(`public/assets/${name}.br`, br)
    await writeFile(`public/assets/${name}.gz`, gz)
    cleanup(async () => {
      for (const suffix of ['', '.br', '.gz'])
        await rm(`public/assets/${name}${suffix}`, { force: true })
    })

    const brotli = await raw(`/assets/${name}`, { 'accept-encoding': 'gzip, br' })
    assert.equal(brotli.status, 200)
    assert.equal(brotli.headers['content-encoding'], 'br')
    assert.equal(brotli.headers['content-type'], 'text/css; charset=utf-8')
    assert.equal(brotli.headers['content-length'], String(br.length))
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.include(brotli.headers.vary, 'Accept-Encoding')
    assert.isTrue(brotliDecompressSync(brotli.body).toString().endsWith('/* br twin */'))

    const gzip = await raw(`/assets/${name}`, { 'accept-encoding': 'gzip' })
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.isTrue(gunzipSync(gzip.body).toString().endsWith('/* gzip twin */'))

    const plain = await raw(`/assets/${name}`, { 'accept-encoding': 'identity' })
    assert.isUndefined(plain.headers['content-encoding'])
    assert.equal(plain.body.toString(), original)
  })
})
