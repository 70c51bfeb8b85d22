/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { solidPng } from '#tests/support/images'
import { createDeck } from '#actions/decks/create_deck'

/** The occlusion builder with `picture` chosen, for a premium learner (image occlusion is premium). */
async function builderWith(page: Page, deckId: number, picture: { name: string; buffer: Buffer }) {
  await open(page, `/decks/${deckId}/notes/new`)
  await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion' })
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ ...picture, mimeType: 'image/png' })
  await page.getByRole('group', { name: 'Image with masks' }).locator('.io-stage img').waitFor()
  await page.waitForFunction(
    () => (document.querySelector<HTMLImageElement>('.io-stage img')?.naturalWidth ?? 0) > 0
  )
}

test.group('Detect text in the occlusion builder', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test('"Detect text" proposes a mask over each word; the learner drops one and keeps the rest', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    await db.from('users').where('id', user.id).update({ is_premium: true })
    const deck = await createDeck(user, { name: 'Biology' })
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'occlusion_detect_text.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')
    await builderWith(page, deck.id, {
      name: 'cell.png',
      buffer: readFileSync(fixture('ocr', 'words.png')),
    })

    await page.getByRole('button', { name: 'Detect text' }).click()
    const found = page.getByRole('group', { name: 'Detected words' })
    await found.getByText('4 words found: press a word to leave it out.').waitFor()
    assert.deepEqual(
      await page
        .locator('[data-proposal]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-proposal'))),
      ['Mitochondria', 'nucleus', 'ribosome', 'membrane']
    )
    /* each proposal sits over its word: "nucleus" on the right half, near the top */
    const stage = (await page.locator('.io-stage').boundingBox())!
    const nucleus = (await page.locator('[data-proposal="nucleus"]').boundingBox())!
    assert.isAbove(nucleus.x - stage.x, stage.width * 0.5)
    assert.isBelow(nucleus.y - stage.y, stage.height * 0.5)
    assert.equal(
      await page.locator('[data-proposal][aria-pressed="true"]').count(),
      4,
      'each proposed, to keep'
    )

    await page.locator('[data-proposal="ribosome"]').click()
    assert.equal(
      await page.locator('[data-proposal="ribosome"]').getAttribute('aria-pressed'),
      'false'
    )
    await found.getByRole('button', { name: 'Add 3 masks' }).click()
    await found.waitFor({ state: 'detached' })
    assert.equal(await page.locator('[data-proposal]').count(), 0)
    assert.equal(await page.locator('.io-stage [data-mask]').count(), 3)
    await page.getByText('3 masks · 3 cards').waitFor()
  })

  test('a picture without text says so; a failed detection says why; neither adds a mask', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    await db.from('users').where('id', user.id).update({ is_premium: true })
    const deck = await createDeck(user, { name: 'Biology' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await builderWith(page, deck.id, { name: 'blank.png', buffer: solidPng(200, 120) })

    await page.getByRole('button', { name: 'Detect text' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: 'No text was found in this picture.' })
      .waitFor()
    assert.equal(await page.locator('.io-stage [data-mask], [data-proposal]').count(), 0)

    await page.route('**/notes/scan_text', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          title: 'You scanned many pictures this hour',
          code: 'E_TOO_MANY_REQUESTS',
        }),
      })
    )
    await page.getByRole('button', { name: 'Detect text' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'You scanned many pictures this hour' })
      .waitFor()
    assert.equal(await page.locator('.io-stage [data-mask], [data-proposal]').count(), 0)
  })
})
