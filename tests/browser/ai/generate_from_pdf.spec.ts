/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, settledSpeech, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { textPdf } from '#tests/support/pdfs'
import { AI_QUEUE_NAME, getQueue } from '#services/queue'
import { scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'

test.group('AI generator in the browser', (group) => {
  group.each.setup(async () => {
    await resetState()
    useOffline()
  })
  group.each.teardown(() => useOffline())
  group.each.timeout(180_000)

  test(
    "a learner uploads a PDF, chooses pages from thumbnails, watches the offline generator's cards stream " +
      'in, rewrites one with an AI template, sees its text-to-speech state, and studies one',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      const queue = getQueue(AI_QUEUE_NAME)
      const page = await hydrated(await visit('/sign-in'))
      const story: string[] = []
      page.on('console', (message) => story.push(`console.${message.type()} ${message.text()}`))
      page.on('pageerror', (error) => story.push(`pageerror ${error.stack ?? error.message}`))
      page.on(
        'response',
        (response) =>
          /ai|transmit/.test(response.url()) &&
          story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      )
      cleanup(async (error) => {
        await queue.resume()
        if (!error) return
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'generate_from_pdf.png'),
          fullPage: true,
        })
        console.error(story.join('\n'))
      })
      await signInWithForm(page, 'ana@example.test')

      /* from the decks home to the generator, which says the offline generator is in use */
      await page.getByRole('link', { name: 'AI generator' }).click()
      await page.getByRole('heading', { name: 'AI flashcard generator' }).waitFor()
      await hydrated(page)
      assert.include(
        await page.locator('.notice[data-provider="offline"]').innerText(),
        'built-in offline generator is in use'
      )
      assert.include(
        await page.locator('.ai-free-left').innerText(),
        '20 free generations of this kind left'
      )

      /* a file that is no PDF is refused before anything is sent */
      const input = page.getByLabel('PDF document')
      await input.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hello'),
      })
      await page.getByRole('alert').filter({ hasText: 'Only PDF files can be used' }).waitFor()

      /* the PDF: four pages drawn as thumbnails, all chosen at first; the learner keeps pages 1 and 2 */
      await input.setInputFiles({
        name: 'cells.pdf',
        mimeType: 'application/pdf',
        buffer: await textPdf(),
      })
      await page.locator('.ai-thumbnail').nth(3).waitFor()
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLCanvasElement>('.ai-thumbnail-canvas')].every(
          (canvas) => canvas.width > 0 && canvas.height > canvas.width
        )
      )
      assert.equal(
        await page.locator('.ai-pages-chosen').innerText(),
        '4 of at most 20 pages chosen (4 in the document)'
      )
      await page.getByRole('button', { name: 'Choose none' }).click()
      await page.getByRole('button', { name: 'Page 1', exact: true }).click()
      await page.getByRole('button', { name: 'Page 2', exact: true }).click()
      assert.equal(
        await page.locator('.ai-pages-chosen').innerText(),
        '2 of at most 20 pages chosen (4 in the document)'
      )
      assert.equal(
        await page
          .getByRole('button', { name: 'Page 3', exact: true })
          .getAttribute('aria-pressed'),
        'false'
      )

      await page.getByLabel('Number of cards (at most 20)').fill('5')
      await page.getByLabel("New deck's name").fill('Cells')

      /* every note the preview shows, in the order it appears */
      await page.evaluate(() => {
        const seen: string[] = ((window as any).notesSeen = [])
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (node instanceof HTMLElement && node.matches('.ai-note'))
                seen.push(node.dataset.noteId ?? '')
            }
          }
        }).observe(document.body, { childList: true, subtree: true })
      })
      /* the worker waits: the page shows the stream started, with no card yet */
      await queue.pause()
      await page.getByRole('button', { name: 'Generate cards' }).click()
      const preview = page.locator('.ai-preview')
      await preview.locator('.badge').filter({ hasText: 'Generating… 0 cards so far' }).waitFor()
      assert.equal(await preview.getAttribute('data-status'), 'queued')
      await page.getByRole('button', { name: 'Stop and keep the cards' }).waitFor()
      const uploaded = await db.from('ai_documents').where('user_id', user.id).first()
      assert.deepEqual(uploaded.pages, [1, 2])
      assert.notInclude(uploaded.text, 'Mitosis')

      /* the page listens to the deck's channel before the worker starts: every note arrives as it is saved */
      await page.locator('.ai-preview[data-live="true"]').waitFor()
      await queue.resume()
      await preview.locator('.badge').filter({ hasText: 'Done: 5 cards' }).waitFor()
      const stream = await db.from('ai_streams').where('user_id', user.id).first()
      const notes = await db.from('notes').where('deck_id', stream.deck_id).orderBy('id')
      assert.lengthOf(notes, 5)
      assert.deepEqual(
        await page.evaluate(() => (window as any).notesSeen),
        notes.map((note) => String(note.id))
      )
      assert.deepEqual(
        await preview.locator('.ai-note-front').allInnerTexts(),
        notes.map((note) =>
          String(note.fields.Front)
            .replace(/<[^>]+>/g, '')
            .replace(/\s+/g, ' ')
            .trim()
        )
      )
      assert.include(
        await page.locator('.ai-free-left').innerText(),
        '19 free generations of this kind left'
      )

      const study = page.getByRole('link', { name: 'Study now' })
      assert.equal(await study.getAttribute('href'), `/decks/${stream.deck_id}/learn`)

      /*
       * text-to-speech on for the new deck; a generated card rewritten by an AI template (the provider's double)
       * and saved
       */
      await db
        .from('decks')
        .where('id', stream.deck_id)
        .update({ tts_enabled: true, tts_front_side_language: 'en', tts_back_side_language: 'en' })
      const basic = notes.find((note) => typeof note.fields.Front === 'string')!
      useAiDouble('openai')
      scriptAi({
        text: JSON.stringify({
          Front: basic.fields.Front,
          Back: `${basic.fields.Back}<br><i>Mnemonic: cells are the rooms of life</i>`,
        }),
      })
      await open(page, `/notes/${basic.id}/edit`)
      await page.getByRole('button', { name: 'AI templates' }).click()
      const dialog = page.getByRole('dialog', { name: 'AI templates' })
      await dialog
        .locator('.ai-template')
        .filter({ hasText: 'Add a mnemonic' })
        .getByRole('button', { name: 'Apply' })
        .click()
      await dialog.getByRole('button', { name: 'Use these fields' }).click()
      await dialog.waitFor({ state: 'detached' })
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' && response.url().endsWith(`/notes/${basic.id}`)
      )
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await saved
      assert.include(
        (await db.from('notes').where('id', basic.id).first()).fields.Back,
        'Mnemonic: cells are the rooms of life'
      )
      /* nothing is heard (headless), but the editor shows each side's audio, made by the worker */
      assert.deepEqual(await settledSpeech(page, basic.id), ['back:generated', 'front:generated'])
      assert.include(
        await page.getByTestId('speech-status').innerText(),
        'Text-to-speech is on for this deck (front: en, back: en)'
      )
      useOffline()

      /* one generated card, studied */
      await open(page, `/decks/${stream.deck_id}/learn`)
      const tutorial = page.getByRole('dialog', { name: 'How learning works' })
      await tutorial.waitFor()
      await page.waitForFunction(() => document.activeElement?.textContent === 'Start learning')
      await page.keyboard.press('Enter')
      await tutorial.waitFor({ state: 'detached' })
      const front = page.locator('.learn-card[data-side="front"]')
      await front.waitFor()
      const cardId = Number(await front.getAttribute('data-card-id'))
      await page.keyboard.press('Space')
      await page.locator(`.learn-card[data-side="back"][data-card-id="${cardId}"]`).waitFor()
      const answered = page.waitForResponse((response) =>
        response.url().endsWith(`/learn/${stream.deck_id}/answer`)
      )
      await page.keyboard.press('4')
      assert.equal((await answered).status(), 200)
      const card = await db.from('cards').where('id', cardId).first()
      assert.include(
        notes.map((note) => note.id),
        card.note_id
      )
    }
  )
})
