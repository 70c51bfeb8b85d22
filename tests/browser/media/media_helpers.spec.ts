/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import {
  hydrated,
  learnerWithCards,
  open,
  settledSpeech,
  signInWithForm,
} from '#tests/support/browser'
import db from '@adonisjs/lucid/services/db'
import { makePremium, makeUser, resetState } from '#tests/support/helpers'
import { resetUnsplash, unsplashState } from '#tests/support/unsplash_server'
import { createDeck } from '#actions/decks/create_deck'
import Media from '#models/media'
import Note from '#models/note'
import { setFlag } from '#services/remote_flags'

test.group('Media helpers in the browser', (group) => {
  group.each.setup(async () => {
    await resetState()
    resetUnsplash()
  })
  group.each.timeout(120_000)

  test(
    "the editor shows the deck's text-to-speech and each side's audio state; a canvas drawing and a searched " +
      'image are saved on the card',
    async ({ visit, assert, cleanup }) => {
      const user = await makePremium(await makeUser({ email: 'ana@example.test' }))
      const deck = await createDeck(user, { name: 'Spanish' })
      deck.merge({ ttsEnabled: true, ttsFrontSideLanguage: 'es', ttsBackSideLanguage: 'en' })
      await deck.save()
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'media_helpers.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/notes/new`)

      /* the deck speaks its cards: the editor says so before anything is saved */
      const status = page.getByTestId('speech-status')
      assert.include(
        await status.innerText(),
        'Text-to-speech is on for this deck (front: es, back: en)'
      )
      /* each field has its speak button (the browser's voices; nothing is heard in a headless test) */
      const front = page.locator('.rich-field').nth(0)
      assert.equal(
        await front
          .getByRole('button', {
            name: /Read this field aloud|This browser cannot read text aloud/,
          })
          .count(),
        1
      )

      await page.getByRole('textbox', { name: 'Front', exact: true }).click()
      await page.keyboard.insertText('el perro')
      await page.getByRole('textbox', { name: 'Back', exact: true }).click()
      await page.keyboard.insertText('the dog')

      /* the canvas: a stroke drawn with the mouse, one undone, another drawn, added to the back */
      const back = page.locator('.rich-field').nth(1)
      await back.getByRole('button', { name: 'Draw' }).click()
      const area = page.getByRole('dialog', { name: 'Draw' }).locator('canvas')
      await area.waitFor()
      const box = (await area.boundingBox())!
      const stroke = async (from: number, to: number) => {
        await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.5)
        await page.mouse.down()
        await page.mouse.move(box.x + box.width * to, box.y + box.height * 0.6, { steps: 8 })
        await page.mouse.up()
      }
      await stroke(0.1, 0.4)
      await stroke(0.5, 0.9)
      await page.getByRole('button', { name: 'Undo' }).click()
      const inked = await area.evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
        let dark = 0
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++
        return {
          dark,
          rightHalf: Array.from(
            { length: 50 },
            (_, k) =>
              data[
                (Math.round(canvas.height * 0.55) * canvas.width +
                  Math.round(canvas.width * (0.6 + k * 0.005))) *
                  4
              ]
          ).some((v) => v < 128),
        }
      })
      assert.isAbove(inked.dark, 100, 'the first stroke is on the canvas')
      assert.isFalse(inked.rightHalf, 'the undone stroke is gone')
      await page.getByRole('button', { name: 'Add the drawing' }).click()
      await back.locator('img[src^="/media/"]').waitFor()

      /* image search: a photo of the Unsplash double, with its author credited, put on the front */
      await front.getByRole('button', { name: 'Search an image' }).click()
      const search = page.getByRole('dialog', { name: 'Search an image' })
      await search.getByRole('searchbox').fill('apple')
      await search.getByRole('button', { name: 'Search' }).click()
      const credit = search.locator('.image-search-credit').first()
      await credit.waitFor()
      assert.equal((await credit.innerText()).trim(), 'Photo by Author Apple on Unsplash')
      assert.equal(
        await credit.locator('a').getAttribute('href'),
        'https://unsplash.com/@author_apple?utm_source=mnemo&utm_medium=referral'
      )
      await search
        .getByRole('button', { name: /Use this image/ })
        .first()
        .click()
      await front.locator('img[src^="/media/"]').waitFor()
      assert.equal(unsplashState.downloads.get('Ph0to-apple'), 1, 'the download ping was sent')

      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/decks\/\d+\/notes$/.test(response.url())
      )
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await answered
      await page.getByText('Card added').first().waitFor()
      const note = await Note.query().where('deck_id', deck.id).firstOrFail()
      const drawn = /<img[^>]+src="\/media\/([0-9a-f-]{36}\.png)"/.exec(note.fields.Back)
      assert.exists(drawn, `the drawing is on the back: ${note.fields.Back}`)
      assert.include(note.fields.Back, 'the dog')
      const media = await Media.findByOrFail('key', drawn![1])
      assert.equal(media.mime, 'image/png')
      assert.equal(media.deckId, deck.id)
      assert.match(
        note.fields.Front,
        /el perro.*<img[^>]+src="\/media\/[0-9a-f-]{36}\.png"|<img[^>]+src="\/media\/[0-9a-f-]{36}\.png".*el perro/s
      )

      /* the audio for the apps, made by the worker: the edit page shows each side's state */
      assert.deepEqual(await settledSpeech(page, note.id), ['back:generated', 'front:generated'])
      assert.equal(
        (
          await page.getByTestId('speech-status').locator('li[data-side="front"]').innerText()
        ).trim(),
        'Front: audio ready'
      )
    }
  )

  test('with the ai_speech flag off the editor offers no server-made speech, and saving makes none', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const deck = await createDeck(user, { name: 'Spanish' })
    deck.merge({ ttsEnabled: true, ttsFrontSideLanguage: 'es', ttsBackSideLanguage: 'en' })
    await deck.save()
    await setFlag('ai_speech', false, null)
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/notes/new`)
    await page.getByRole('textbox', { name: 'Front', exact: true }).click()
    await page.keyboard.insertText('el perro')
    await page.getByRole('textbox', { name: 'Back', exact: true }).click()
    await page.keyboard.insertText('the dog')
    assert.equal(
      await page.getByTestId('speech-status').count(),
      0,
      'no text-to-speech state on the new note'
    )
    /* the browser's own voice stays: it is not server-made */
    assert.equal(
      await page
        .locator('.rich-field')
        .nth(0)
        .getByRole('button', { name: /Read this field aloud|This browser cannot read text aloud/ })
        .count(),
      1
    )
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('Card added').first().waitFor()
    const note = await Note.query().where('deck_id', deck.id).firstOrFail()
    await open(page, `/notes/${note.id}/edit`)
    await page.getByRole('textbox', { name: 'Front', exact: true }).waitFor()
    assert.equal(
      await page.getByTestId('speech-status').count(),
      0,
      'no text-to-speech state on the saved note'
    )
    assert.equal(
      Number((await db.from('note_speech').where('note_id', note.id).count('* as n').first()).n),
      0
    )
  })

  test('without an Unsplash key the picker says image search is not configured', async ({
    visit,
    assert,
  }) => {
    const { default: env } = await import('#start/env')
    const user = await makePremium(await makeUser({ email: 'ana@example.test' }))
    const deck = await createDeck(user, { name: 'Plain' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/notes/new`)
    assert.equal(
      await page.getByTestId('speech-status').count(),
      0,
      'no speech state on a deck without text-to-speech'
    )
    const key = env.get('UNSPLASH_ACCESS_KEY')
    env.set('UNSPLASH_ACCESS_KEY', '')
    try {
      await page
        .locator('.rich-field')
        .nth(0)
        .getByRole('button', { name: 'Search an image' })
        .click()
      const search = page.getByRole('dialog', { name: 'Search an image' })
      await search.getByRole('searchbox').fill('apple')
      await search.getByRole('button', { name: 'Search' }).click()
      const notice = search.locator('.image-search-not-configured')
      await notice.waitFor()
      assert.equal(await notice.innerText(), 'Image search is not configured on this server')
    } finally {
      env.set('UNSPLASH_ACCESS_KEY', key ?? '')
    }
  })

  test('on a server without an Unsplash key the editor offers no image search', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { default: env } = await import('#start/env')
    const key = env.get('UNSPLASH_ACCESS_KEY')
    env.set('UNSPLASH_ACCESS_KEY', '')
    cleanup(() => env.set('UNSPLASH_ACCESS_KEY', key ?? ''))
    const user = await makeUser({ email: 'ana@example.test' })
    const deck = await createDeck(user, { name: 'Plain' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/notes/new`)
    const front = page.locator('.rich-field').nth(0)
    /* the field's other image tool is there: the toolbar is drawn, only the search is left out */
    await front.getByRole('button', { name: 'Draw' }).waitFor()
    assert.equal(await front.getByRole('button', { name: 'Search an image' }).count(), 0)
  })

  test('studying a text-to-speech deck: a play button on each side, its plays counted once per card a day', async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(1)
    deck.merge({ ttsEnabled: true, ttsFrontSideLanguage: 'fr', ttsBackSideLanguage: 'en' })
    await deck.save()
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    await page.locator('.learn-card[data-side="front"]').waitFor()
    /* Chromium has speech synthesis (headless, nothing is heard) */
    const playFront = page.getByRole('button', { name: 'Read the question aloud' })
    await playFront.waitFor()
    const counted = () =>
      page.waitForResponse((response) => /\/learn\/cards\/\d+\/daily_events$/.test(response.url()))
    let answer = counted()
    await playFront.click()
    assert.include(await (await answer).json(), { counted: true, kind: 'tts_play', todayCount: 1 })
    answer = counted()
    await playFront.click()
    assert.include(
      await (await answer).json(),
      { counted: false, todayCount: 1 },
      'the second play of the day is not counted'
    )
    await page.getByRole('button', { name: 'Show answer' }).click()
    await page.getByRole('button', { name: 'Read the answer aloud' }).waitFor()
    const rows = await db.from('card_daily_events').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].kind, 'tts_play')
  })

  test(
    'a free learner sees image search and text-to-speech as premium features: the tools are there, off, ' +
      'saying why',
    async ({ visit, assert }) => {
      await makeUser({ email: 'ana@example.test' })
      const user = await makeUser({ email: 'free@example.test' })
      const deck = await createDeck(user, { name: 'Italian' })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'free@example.test')
      await open(page, `/decks/${deck.id}?tab=settings`)
      const speech = page.getByRole('group', { name: 'Text-to-speech' })
      assert.isTrue(await speech.getByLabel('Read cards aloud').isDisabled())
      assert.include(await speech.innerText(), 'Reading cards aloud is a premium feature.')
      assert.equal(
        await speech.getByRole('link', { name: 'See Premium' }).getAttribute('href'),
        '/paywall'
      )
      await open(page, `/decks/${deck.id}/notes/new`)
      const search = page
        .getByRole('button', { name: 'Search an image: a premium feature' })
        .first()
      await search.waitFor()
      assert.isTrue(await search.isDisabled())
    }
  )

  test("the deck's settings turn text-to-speech on, with autoplay and each side's language", async ({
    visit,
    assert,
  }) => {
    const user = await makePremium(await makeUser({ email: 'ana@example.test' }))
    const deck = await createDeck(user, { name: 'Italian' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}?tab=settings`)
    const speech = page.getByRole('group', { name: 'Text-to-speech' })
    await speech.getByLabel('Read cards aloud').check()
    await speech.getByLabel('Read each side aloud when it appears').check()
    await speech.getByLabel('Language of the front').fill('it')
    await speech.getByLabel('Language of the back').fill('en-GB')
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().endsWith(`/decks/${deck.id}`)
    )
    /* the settings form's own Save (the exam has its own form on the tab) */
    await page
      .locator('form.deck-settings')
      .getByRole('button', { name: 'Save', exact: true })
      .click()
    await saved
    await page.getByText('Deck saved').first().waitFor()
    await deck.refresh()
    assert.include(deck.serialize(), {
      ttsEnabled: true,
      ttsAutoplayEnabled: true,
      ttsFrontSideLanguage: 'it',
      ttsBackSideLanguage: 'en-GB',
    })
    await open(page, `/decks/${deck.id}/notes/new`)
    assert.include(await page.getByTestId('speech-status').innerText(), '(front: it, back: en-GB)')
  })
})
