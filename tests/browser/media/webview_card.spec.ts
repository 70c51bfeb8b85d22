/// <reference lib="dom" />
import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { createDeck, createNote, signIn, templateIds, wavBytes } from '#tests/support/content'
import { solidPng } from '#tests/support/images'

/*
 * What a phone's WebView does with a card: the app fetches the card's HTML
 * from the API and shows it as it is, in a page with no cookie of the site
 * and no way to add the bearer header to <img> or <audio>. The picture must
 * load and the sound must play from the URLs the API gave.
 */

async function upload(client: any, token: string, deckId: number, bytes: Buffer, name: string) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', bytes, { filename: name })
  response.assertStatus(200)
  return response.body().url as string
}

test.group('A card from the API shown in a WebView', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test("the card's picture loads and its sound plays with no cookie and no header", async ({
    client,
    browser,
    assert,
    cleanup,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Listening' })
    const picture = await upload(client, token, deck.id, solidPng(40, 30), 'heart.png')
    const sound = await upload(client, token, deck.id, wavBytes(8000), 'heart.wav')
    const { basic } = await templateIds(client, token)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: basic,
      fields: {
        Front: `<p>Heart</p><img src="${picture}" alt="heart"><audio controls src="${sound}"></audio>`,
        Back: 'heart',
      },
    })
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    shown.assertStatus(200)
    const html: string = shown.body().front.rawHtml

    const context = await browser.newContext()
    cleanup(() => context.close())
    const page = await context.newPage()
    await page.setContent(`<!doctype html><html><body>${html}</body></html>`)
    assert.deepEqual(await context.cookies(), [], 'the page has no cookie of the site')

    await page.waitForFunction(() => {
      const image = document.querySelector('img')
      return Boolean(image?.complete)
    })
    const image = await page.evaluate(() => {
      const element = document.querySelector('img')!
      return { width: element.naturalWidth, height: element.naturalHeight }
    })
    assert.deepEqual(image, { width: 40, height: 30 }, 'the picture loaded')

    const audio = await page.evaluate(
      () =>
        new Promise<{ readyState: number; duration: number; played: boolean }>(
          (resolve, reject) => {
            const element = document.querySelector('audio')!
            const play = async () => {
              /* muted: a page may start muted media without a gesture */
              element.muted = true
              await element.play()
              resolve({
                readyState: element.readyState,
                duration: element.duration,
                played: !element.paused,
              })
            }
            element.addEventListener('error', () =>
              reject(new Error(`audio error ${element.error?.code}`))
            )
            element.addEventListener('canplaythrough', () => play().catch(reject), { once: true })
            element.load()
          }
        )
    )
    assert.equal(audio.readyState, 4, 'the sound loaded in full')
    assert.closeTo(audio.duration, 1, 0.05, 'one second of 8 kHz audio')
    assert.isTrue(audio.played, 'the sound plays')
  })
})
