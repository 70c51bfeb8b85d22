import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { solidPng } from '#tests/support/images'
import { signedIn } from '#tests/support/web_session'
import { languageDataPath } from '#services/media/ocr'
import { signIn } from '#tests/support/content'

/*
 * POST ai/image_occlusion {base64} and the editor's scan text: the base64
 * check first, then the local OCR (tesseract.js with the language data of
 * @tesseract.js-data/*, read from node_modules). The fixture (words.png,
 * tests/fixtures/README.md) shows four words whose boxes were marked by
 * hand: each must be found by a rectangle overlapping it with an
 * intersection over union of at least 0.6.
 */
type Box = { x: number; y: number; width: number; height: number }

const MIN_IOU = 0.6

function iou(a: Box, b: Box) {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x))
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
  const inter = width * height
  return inter / (a.width * a.height + b.width * b.height - inter)
}

const wordsPng = () => readFileSync(fixture('ocr', 'words.png'))
const marked: { words: (Box & { text: string })[] } = JSON.parse(
  readFileSync(fixture('ocr', 'words.json'), 'utf8')
)

test.group('Media helpers: occlusion detection and scan text (OCR)', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test("the rectangles of the fixture's four words overlap the hand-marked boxes (IoU ≥ 0.6)", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: wordsPng().toString('base64') })
    response.assertStatus(200)
    const { rectangles, words, text } = response.body()
    assert.lengthOf(rectangles, 4, 'one rectangle per word, nothing else')
    for (const rectangle of rectangles) assert.properties(rectangle, ['x', 'y', 'width', 'height'])
    for (const word of marked.words) {
      const best = Math.max(...rectangles.map((rectangle: Box) => iou(rectangle, word)))
      assert.isAtLeast(
        best,
        MIN_IOU,
        `"${word.text}" is covered by a rectangle (best IoU ${best.toFixed(2)})`
      )
      const read = words.find((found: Box & { text: string }) => iou(found, word) >= MIN_IOU)
      assert.equal(read.text, word.text, 'and read as written')
    }
    assert.equal(text, 'Mitochondria\nnucleus\nribosome\nmembrane')
  })

  test('a data URL is accepted as well as bare base64', async ({ client, assert }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: `data:image/png;base64,${wordsPng().toString('base64')}` })
    response.assertStatus(200)
    assert.lengthOf(response.body().rectangles, 4)
  })

  test('bad base64 is 422 E_INVALID_BASE64 before any detection; base64 of no image is E_UNSUPPORTED_MEDIA', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    for (const base64 of ['not base64 at all!', 'abc', '====', '']) {
      const response = await client
        .post('/api/ai/image_occlusion')
        .bearerToken(token)
        .json({ base64 })
      response.assertStatus(422)
      if (base64) assertErrorBody(assert, response.body(), 'E_INVALID_BASE64')
    }
    const text = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: Buffer.from('<html>hello</html>').toString('base64') })
    text.assertStatus(422)
    assertErrorBody(assert, text.body(), 'E_UNSUPPORTED_MEDIA')
    const missing = await client.post('/api/ai/image_occlusion').bearerToken(token).json({})
    missing.assertStatus(422)
  })

  test('an image without text is 422 E_NO_TEXT_FOUND ("no text found in image")', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .header('accept-language', 'fr')
      .json({ base64: solidPng(200, 120).toString('base64') })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_NO_TEXT_FOUND')
    assert.equal(response.body().title, "Aucun texte trouvé dans l'image")
  })

  test('a picture past the pixel cap is 422 E_FILE_TOO_COMPLEX before any scan, however few its bytes', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    /*
     * a small PNG whose header says 9,000 × 9,000 (81 megapixels): what tesseract would hold in memory, not
     * what was sent
     */
    const huge = solidPng(40, 30)
    huge.writeUInt32BE(9000, 16)
    huge.writeUInt32BE(9000, 20)
    const response = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: huge.toString('base64') })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_FILE_TOO_COMPLEX')
    assert.equal(response.body().errors[0].field, 'base64')
    /* within the cap the same kind of picture is scanned (and has no text) */
    const small = await client
      .post('/api/ai/image_occlusion')
      .bearerToken(token)
      .json({ base64: solidPng(200, 120).toString('base64') })
    assertErrorBody(assert, small.body(), 'E_NO_TEXT_FOUND')
  })

  test('signed out is 401', async ({ client }) => {
    const response = await client
      .post('/api/ai/image_occlusion')
      .json({ base64: wordsPng().toString('base64') })
    response.assertStatus(401)
  })

  test("the editor's scan text reads the same words through the web session (CSRF on)", async ({
    assert,
  }) => {
    const { web } = await signedIn('scanner@example.test')
    const refused = await web.post(
      '/notes/scan_text',
      { base64: wordsPng().toString('base64') },
      { csrf: false }
    )
    assert.notEqual(refused.status, 200, 'without the XSRF header the call is refused')
    const response = await web.post('/notes/scan_text', { base64: wordsPng().toString('base64') })
    assert.equal(response.status, 200)
    assert.equal(JSON.parse(response.text).text, 'Mitochondria\nnucleus\nribosome\nmembrane')
  })

  test("the language data is read from node_modules (no network): the installed package's file", async ({
    assert,
  }) => {
    const path = languageDataPath('eng')
    assert.include(path, `node_modules${'/'}@tesseract.js-data${'/'}eng`)
    assert.isAbove(readFileSync(`${path}/eng.traineddata.gz`).length, 1_000_000)
  })
})
