/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { mkdir, writeFile } from 'node:fs/promises'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { solidPng } from '#tests/support/images'
import { createDeck } from '#actions/decks/create_deck'
import Note from '#models/note'

/** Saves with the Add button and waits for the server's answer (a redirect, with or without errors). */
async function add(page: Page) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/decks\/\d+\/notes$/.test(response.url())
  )
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await answered
}

test.group('The notes editor in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'an error goes once its field changes; the occlusion preview turns red only after an attempt; the list ' +
      'shows the picture',
    async ({ visit, assert, cleanup }) => {
      /* premium: image occlusion is a premium feature */
      const user = await makeUser({ email: 'ana@example.test' })
      await db.from('users').where('id', user.id).update({ is_premium: true })
      user.isPremium = true
      const deck = await createDeck(user, { name: 'Anatomy' })
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'note_editor.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/notes/new`)

      /* Add with nothing typed: the front is red; typing into it clears that at once, not at the next save */
      await add(page)
      const front = page.getByRole('textbox', { name: 'Front', exact: true })
      const frontError = page.locator('.field-error').filter({ hasText: 'Front cannot be empty' })
      await frontError.waitFor()
      assert.equal(await front.getAttribute('aria-invalid'), 'true')
      await front.click()
      await page.keyboard.insertText('Femur')
      await frontError.waitFor({ state: 'detached' })
      assert.isNull(await front.getAttribute('aria-invalid'))

      /* image occlusion: the picture chosen and no mask yet, the preview says what is missing, quietly */
      const picture = app.makePath('tmp', 'browser', 'skeleton.png')
      await mkdir(app.makePath('tmp', 'browser'), { recursive: true })
      await writeFile(picture, solidPng())
      await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion' })
      await page.locator('input[type=file]').first().setInputFiles(picture)
      const canvas = page.getByRole('group', { name: 'Image with masks' }).locator('.io-stage img')
      await canvas.waitFor()
      const problem = page.getByTestId('preview-problem')
      await problem.waitFor()
      assert.equal(await problem.innerText(), 'Add an image and draw at least one mask on it')
      assert.equal(await problem.getAttribute('class'), 'muted')
      assert.equal(
        await page.locator('.note-editor .form-error, .note-editor .field-error').count(),
        0,
        'nothing red before an attempt'
      )

      /* Add without a mask: now it is an error, next to the picture and in the preview */
      await add(page)
      const imageError = page.locator('.occlusion-field .field-error')
      await imageError.waitFor()
      await page.locator('[data-testid="preview-problem"].form-error').waitFor()

      /* a mask drawn: the picture's error goes, the preview shows the card */
      await page.waitForFunction(
        () => (document.querySelector('.io-stage img') as HTMLImageElement | null)?.complete
      )
      /* in the middle of the window: the sticky nav bar covers the top */
      await canvas.evaluate((image) => image.scrollIntoView({ block: 'center' }))
      const box = (await canvas.boundingBox())!
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 })
      await page.mouse.up()
      await imageError.waitFor({ state: 'detached' })
      await page.getByRole('region', { name: 'Preview' }).locator('iframe').first().waitFor()
      await add(page)
      await page.getByText('Card added').first().waitFor()
      const notes = await Note.query().where('deck_id', deck.id)
      assert.lengthOf(notes, 1)

      /* the card list: the picture as a thumbnail and the kind of note, not "(empty)" */
      await open(page, `/decks/${deck.id}`)
      await page
        .getByRole('navigation', { name: 'Deck sections' })
        .getByRole('link', { name: 'Cards' })
        .click()
      const row = page.locator(`.note-row[data-note-id="${notes[0].id}"]`)
      await row.waitFor()
      assert.equal(await row.locator('.note-front').innerText(), 'Image occlusion')
      const thumbnail = row.locator('img.note-thumbnail')
      assert.isTrue(await thumbnail.isVisible())
      await page.waitForFunction((id) => {
        const image = document.querySelector(
          `.note-row[data-note-id="${id}"] img.note-thumbnail`
        ) as HTMLImageElement | null
        return Boolean(image?.complete && image.naturalWidth === 40)
      }, notes[0].id)
      assert.notInclude(await row.innerText(), '(empty)')
    }
  )
})

test.group('The notes editor: the preview follows the note', (group) => {
  group.each.setup(() => resetState())

  test('a mask drawn: the preview stops saying a mask is missing at once, not when a slow server answers', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    await db.from('users').where('id', user.id).update({ is_premium: true })
    const deck = await createDeck(user, { name: 'Anatomy' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/notes/new`)
    const picture = app.makePath('tmp', 'browser', 'skeleton.png')
    await mkdir(app.makePath('tmp', 'browser'), { recursive: true })
    await writeFile(picture, solidPng())
    await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion' })
    await page.locator('input[type=file]').first().setInputFiles(picture)
    const canvas = page.getByRole('group', { name: 'Image with masks' }).locator('.io-stage img')
    await canvas.waitFor()
    const problem = page.getByTestId('preview-problem')
    await problem.filter({ hasText: 'Add an image and draw at least one mask on it' }).waitFor()

    /* the server's next preview is held back until the page has been looked at */
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/notes/preview', async (route) => {
      await held
      await route.continue()
    })
    const asked = page.waitForRequest((request) => request.url().endsWith('/notes/preview'))
    await page.waitForFunction(
      () => (document.querySelector('.io-stage img') as HTMLImageElement | null)?.complete
    )
    await canvas.evaluate((image) => image.scrollIntoView({ block: 'center' }))
    const box = (await canvas.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 })
    await page.mouse.up()
    await page.getByText('1 mask · 1 card').waitFor()
    assert.lengthOf(JSON.parse((await asked).postData()!).field_attachments_map.Image.masks, 1)
    assert.equal(
      await problem.count(),
      0,
      'the missing mask is no longer claimed while the new preview is on its way'
    )

    answer()
    await page
      .getByRole('region', { name: 'Preview' })
      .getByRole('tab', { name: 'Mask group 1' })
      .waitFor()
    assert.equal(await problem.count(), 0)
  })
})

test.group('The notes editor when a new card does not reach the server', (group) => {
  group.each.setup(() => resetState())

  test('the last card is kept with "not saved, try again", and one press saves it once', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const deck = await createDeck(user, { name: 'Capitals' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/notes/new`)

    /* the first attempt gets no answer at all, the second a 503 from a proxy; after that the server is back */
    let failures = 0
    await page.route(/\/decks\/\d+\/notes$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      failures += 1
      if (failures === 1) return route.abort('internetdisconnected')
      if (failures === 2)
        return route.fulfill({
          status: 503,
          contentType: 'text/html',
          body: '<h1>Service Unavailable</h1>',
        })
      return route.continue()
    })
    await page.getByRole('textbox', { name: 'Front', exact: true }).click()
    await page.keyboard.insertText('Portugal')
    await page.getByRole('textbox', { name: 'Back', exact: true }).click()
    await page.keyboard.insertText('Lisbon')

    const notice = page.getByTestId('note-unsaved')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await notice.waitFor()
    assert.include(await notice.innerText(), 'Your last card was not saved.')
    /* the editor says it in place: no page-wide alert over it, and the text is still there */
    assert.equal(await page.locator('[data-connection-alert]').count(), 0)
    assert.equal(
      await page.getByRole('textbox', { name: 'Front', exact: true }).innerText(),
      'Portugal'
    )

    /* try again: a 503 this time, the same notice */
    const refused = page.waitForResponse((response) => response.status() === 503)
    await notice.getByRole('button', { name: 'Try again' }).click()
    await refused
    await notice.waitFor()
    assert.equal(failures, 2)
    assert.equal(await page.locator('[data-connection-alert]').count(), 0)
    assert.lengthOf(await Note.query().where('deck_id', deck.id), 0)

    /* and once more: saved, the notice gone, the fields empty for the next card */
    const toasted = page.getByText('Card added').first().waitFor()
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/decks\/\d+\/notes$/.test(new URL(response.url()).pathname)
    )
    await notice.getByRole('button', { name: 'Try again' }).click()
    /* the server's own answer first: a failure here says what it answered, not only that no toast came */
    assert.oneOf((await answered).status(), [302, 303])
    assert.equal(failures, 3)
    await toasted
    await notice.waitFor({ state: 'detached' })
    assert.equal(
      (await page.getByRole('textbox', { name: 'Front', exact: true }).innerText()).trim(),
      ''
    )
    const notes = await Note.query().where('deck_id', deck.id)
    assert.lengthOf(notes, 1)
    assert.include(JSON.stringify(notes[0].fields), 'Lisbon')
  })
})
