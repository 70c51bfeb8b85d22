/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { writeFile, mkdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright'
import { hydrated, open } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { solidPng } from '#tests/support/images'
import Note from '#models/note'
import Deck from '#models/deck'

/** A count in the deck page's header: new, learning, review. */
async function count(page: Page, kind: 'new' | 'learning' | 'review') {
  return Number(
    await page.locator(`.deck-counts:not(.compact) .count-${kind} .count-value`).innerText()
  )
}

async function fillField(page: Page, label: string, text: string) {
  const field = page.getByRole('textbox', { name: label, exact: true })
  await field.click()
  await page.keyboard.insertText(text)
}

/* saved when the server answered and the form is empty again, ready for the next card */
async function save(page: Page) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/decks\/\d+\/notes$/.test(response.url())
  )
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const status = (await answered).status()
  if (status !== 302) throw new Error(`saving the note answered ${status}`)
  await page.getByText('Card added').first().waitFor()
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.rich-field-input')].every((field) => !field.textContent)
  )
}

test.group('Decks, folders and notes in the browser', (group) => {
  group.each.setup(() => resetState())

  test('a new learner organizes decks, adds every kind of card, and manages them', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const page = await hydrated(await visit('/get-started'))
    /* when a step fails: a screenshot, and what the page did until then */
    const story: string[] = []
    page.on('console', (message) => story.push(`console.${message.type()} ${message.text()}`))
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && story.push(`visit ${frame.url()}`)
    )
    page.on(
      'response',
      (response) =>
        response.request().method() !== 'GET' &&
        story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
    )
    cleanup(async (error) => {
      if (!error) return
      await page.screenshot({
        path: app.makePath('tmp', 'browser', 'deck_lifecycle.png'),
        fullPage: true,
      })
      console.error(story.join('\n'))
    })
    await page.getByRole('link', { name: 'Sign up with e-mail' }).click()
    await page.getByLabel('Name').fill('Ana Lima')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password', { exact: true }).fill('first-password-1')
    await page.getByLabel('Confirm password').fill('first-password-1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    /* a new account starts with the onboarding, which can be skipped */
    await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
    await page.getByRole('button', { name: 'Skip' }).click()
    await page.getByRole('heading', { name: 'No decks yet' }).waitFor()

    /* a folder, a deck in it, and a subdeck */
    await page.getByRole('button', { name: 'New folder' }).click()
    await page.getByLabel('Folder name').fill('Medicine')
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('button', { name: 'Actions for the folder Medicine' }).click()
    await page.getByRole('menuitem', { name: 'New deck in this folder' }).click()
    await page.getByRole('alertdialog').getByLabel('Name').fill('Anatomy')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('link', { name: 'Anatomy' }).waitFor()
    await page.getByRole('button', { name: 'Actions for Anatomy' }).click()
    await page.getByRole('menuitem', { name: 'Add subdeck' }).click()
    await page.getByRole('alertdialog').getByLabel('Name').fill('Bones')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByRole('link', { name: 'Bones' }).waitFor()
    await page.getByRole('button', { name: 'Hide the subdecks of Anatomy' }).click()
    await page.getByRole('link', { name: 'Bones' }).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Show the subdecks of Anatomy' }).click()
    await page.getByRole('link', { name: 'Bones' }).waitFor()
    const anatomy = await Deck.findByOrFail('name', 'Anatomy')
    const bones = await Deck.findByOrFail('name', 'Bones')
    assert.equal(bones.parentId, anatomy.id)
    assert.isNotNull(anatomy.folderId)

    /* Basic */
    await page.getByRole('link', { name: 'Anatomy' }).click()
    await page.getByRole('heading', { name: 'Anatomy' }).waitFor()
    await page.getByRole('link', { name: 'Add card' }).first().click()
    await page.getByRole('heading', { name: 'Add card' }).waitFor()
    await hydrated(page)
    await fillField(page, 'Front', 'Longest bone of the body')
    await fillField(page, 'Back', 'Femur')
    await save(page)

    /* Basic with a reversed card */
    await fillField(page, 'Front', 'Patella')
    await fillField(page, 'Back', 'Kneecap')
    await page.getByLabel('Add reversed card').check()
    await save(page)

    /* Cloze with two deletions */
    await page.getByLabel('Note type').selectOption({ label: 'Cloze' })
    await fillField(page, 'Text', 'The heart has ')
    /* type a word, select it, make it a cloze: c1, then c2 */
    const cloze = page.getByRole('button', { name: 'Cloze deletion' }).first()
    await page.keyboard.insertText('four')
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft')
    await cloze.click()
    await page.keyboard.press('End')
    await page.keyboard.insertText(' chambers and ')
    await page.keyboard.insertText('two')
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft')
    await cloze.click()
    await page.keyboard.press('End')
    await page.keyboard.insertText(' atria.')
    const preview = page.getByRole('region', { name: 'Preview' })
    await preview.getByRole('tab', { name: 'Cloze 2' }).waitFor()
    await save(page)

    /* Image occlusion (premium: Ana has subscribed meanwhile): an image, two masks in two groups */
    await db.from('users').where('email', 'ana@example.test').update({ is_premium: true })
    await open(page, new URL(page.url()).pathname)
    const picture = app.makePath('tmp', 'browser', 'skeleton.png')
    await mkdir(app.makePath('tmp', 'browser'), { recursive: true })
    await writeFile(picture, solidPng())
    await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion' })
    await page.locator('input[type=file]').first().setInputFiles(picture)
    const canvas = page.getByRole('group', { name: 'Image with masks' }).locator('.io-stage img')
    await canvas.waitFor()
    await page.waitForFunction(
      () => (document.querySelector('.io-stage img') as HTMLImageElement | null)?.complete
    )
    /* in the upper half: the toast stack at the bottom of the window may cover the rest */
    for (const [x1, y1, x2, y2] of [
      [0.05, 0.05, 0.35, 0.35],
      [0.6, 0.05, 0.9, 0.35],
    ]) {
      /* measured each time: the preview growing beside it may move the page */
      await canvas.scrollIntoViewIfNeeded()
      const box = (await canvas.boundingBox())!
      await page.mouse.move(box.x + box.width * x1, box.y + box.height * y1)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width * x2, box.y + box.height * y2, { steps: 5 })
      await page.mouse.up()
    }
    await page.getByText('2 masks · 2 cards').waitFor()
    await fillField(page, 'Header', 'Skeleton')
    await save(page)

    const notes = await Note.query().where('deck_id', anatomy.id).preload('cards').orderBy('id')
    assert.deepEqual(
      notes.map((note) => note.cards.length),
      [1, 2, 2, 2]
    )

    /* the deck page: counts, search, sort */
    await page.getByText('Close', { exact: true }).click()
    await page.getByRole('heading', { name: 'Anatomy' }).waitFor()
    assert.equal(await count(page, 'new'), 7)
    await page
      .getByRole('navigation', { name: 'Deck sections' })
      .getByRole('link', { name: 'Cards' })
      .click()
    await page.getByRole('searchbox').fill('  kneecap ')
    await page.locator('.note-row').filter({ hasText: 'Patella' }).waitFor()
    await page.waitForFunction(() => document.querySelectorAll('.note-row').length === 1)
    await page.getByRole('searchbox').fill('')
    await page.waitForFunction(() => document.querySelectorAll('.note-row').length === 4)
    await page.getByLabel('Sort').selectOption({ label: 'A to Z' })
    await page.waitForFunction(() =>
      document.querySelector('.note-row')?.textContent?.includes('Longest bone')
    )
    assert.equal((await Deck.findOrFail(anatomy.id)).notesSortBy, 'alphabetical')

    /* freeze two notes' cards in bulk: the reversed note has two, the basic one one */
    await page.getByLabel('Select “Longest bone of the body”').check()
    await page.getByLabel('Select “Patella”').check()
    await page.getByRole('button', { name: 'Pause' }).click()
    await page.locator('.note-row .badge-frozen').nth(1).waitFor()
    await page.waitForFunction(
      () =>
        document.querySelector('.deck-counts:not(.compact) .count-new .count-value')
          ?.textContent === '4'
    )
    assert.equal(await page.locator('.note-row .badge-frozen').count(), 2)

    /* move the basic note to the subdeck (a job), then see it there */
    await page.getByLabel('Select “Patella”').setChecked(false)
    await page.getByLabel('Select “Longest bone of the body”').setChecked(true)
    await page
      .getByRole('toolbar', { name: 'Actions for 1 card' })
      .getByRole('button', { name: 'Move…' })
      .click()
    await page.getByRole('dialog').getByLabel('Bones').check()
    await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click()
    await page.getByText('1 note moved to “Bones”').waitFor({ timeout: 15000 })
    assert.equal((await Note.findOrFail(notes[0].id)).deckId, bones.id)

    /* archive and restore, from the home page */
    await page.getByRole('link', { name: 'All decks' }).click()
    const bonesRow = page.locator('li', { has: page.getByRole('link', { name: 'Bones' }) }).last()
    await bonesRow.locator('.count-total').filter({ hasText: '1 card' }).waitFor()
    await page.getByRole('button', { name: 'Actions for Anatomy' }).click()
    await page.getByRole('menuitem', { name: 'Archive' }).click()
    await page.getByRole('link', { name: 'Anatomy' }).waitFor({ state: 'detached' })
    await page.getByRole('link', { name: /Archived decks/ }).click()
    await page.getByRole('button', { name: 'Restore' }).click()
    /* the restore's answer first: a visit started meanwhile would cancel it */
    await page.getByRole('button', { name: 'Restore' }).waitFor({ state: 'detached' })
    await page.getByRole('link', { name: 'All decks' }).click()
    await page.getByRole('link', { name: 'Anatomy' }).waitFor()
    assert.equal((await Deck.findOrFail(anatomy.id)).state, 'active')
  })
})
