/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { fixture } from '#tests/support/fixtures'
import { getQueue } from '#services/queue'

const PACKAGE = fixture('anki', 'update1.apkg')

const lastImport = async (userId: number) =>
  db.from('deck_imports').where('user_id', userId).orderBy('id', 'desc').first()

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Import cards' })
  await dialog.waitFor()
  return dialog
}

test.group('Importing in the browser', (group) => {
  group.each.setup(() => resetState())

  test('a learner imports an Anki package and a pasted Quizlet export, then studies an imported card', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const queue = getQueue()
    const page = await hydrated(await visit('/sign-in'))
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
        response.url().includes('import') &&
        story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
    )
    cleanup(async (error) => {
      await queue.resume()
      if (!error) return
      await page.screenshot({
        path: app.makePath('tmp', 'browser', 'import_flow.png'),
        fullPage: true,
      })
      console.error(story.join('\n'))
    })
    await signInWithForm(page, 'ana@example.test')
    /* every toast shown, to check each import is announced once (the deck list's poll also sees the import end) */
    await page.evaluate(() => {
      const seen: string[] = ((window as any).toastsSeen = [])
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLElement && node.matches('.toast'))
              seen.push(node.querySelector('strong')?.textContent ?? '')
          }
        }
      }).observe(document.body, { childList: true, subtree: true })
    })

    /* files the dialog refuses before sending a byte: two at once, over 500 MB, an unknown kind */
    const uploads: string[] = []
    page.on(
      'request',
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/deck_imports') &&
        uploads.push(request.url())
    )
    let dialog = await openImport(page)
    const dropZone = dialog.locator('.import-drop')
    const two = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['front,back\na,b\n'], 'a.csv'))
      transfer.items.add(new File(['front,back\nc,d\n'], 'b.csv'))
      return transfer
    })
    await dropZone.dispatchEvent('drop', { dataTransfer: two })
    await dialog.getByRole('alert').filter({ hasText: 'Only one file at a time' }).waitFor()
    /* 501 MB made of one 1 MB part, referenced, not copied */
    const big = await page.evaluateHandle(() => {
      const megabyte = new Blob([new Uint8Array(1024 * 1024)])
      const transfer = new DataTransfer()
      transfer.items.add(new File(Array(501).fill(megabyte), 'huge.apkg'))
      return transfer
    })
    await dropZone.dispatchEvent('drop', { dataTransfer: big })
    await dialog.getByRole('alert').filter({ hasText: 'The file is too big' }).waitFor()
    await dialog.getByLabel('Choose a file').setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    })
    await dialog.getByRole('alert').filter({ hasText: 'Unsupported file format' }).waitFor()
    assert.isTrue(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled())
    assert.deepEqual(uploads, [])

    /* the package, through the file input; the worker waits, so the uploaded import is seen before it runs */
    await dialog.getByLabel('Choose a file').setInputFiles(PACKAGE)
    await dialog.getByText('update1.apkg').waitFor()
    await queue.pause()
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    const progress = dialog.getByRole('progressbar', { name: 'Import progress' })
    await progress.waitFor()
    await dialog.getByText('Uploaded. Waiting for its turn…').waitFor()
    assert.equal(await progress.getAttribute('aria-valuenow'), '0')
    const packageImport = await lastImport(user.id)
    assert.equal(packageImport.file_name, 'update1.apkg')
    /* the deck is in the list at once, importing */
    await page.locator(`.deck-item[data-deck-id="${packageImport.deck_id}"]`).waitFor()

    await queue.resume()
    await page.locator('.toast').filter({ hasText: '1 card imported' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    const packageDone = await lastImport(user.id)
    assert.equal(packageDone.status, 'done', packageDone.error_message ?? '')
    const packageDeck = page.locator(`.deck-item[data-deck-id="${packageDone.deck_id}"]`)
    await packageDeck.locator('.deck-name').filter({ hasText: 'update1' }).waitFor()
    const packageNotes = await db
      .from('notes')
      .whereIn(
        'deck_id',
        db
          .from('decks')
          .where('root_deck_id', packageDone.deck_id)
          .orWhere('id', packageDone.deck_id)
          .select('id')
      )
    assert.deepEqual(
      packageNotes.map((note) => [note.fields.Front, note.fields.Back]),
      [['hello', 'world']]
    )

    /* a Quizlet export, pasted: the preview reads three cards split at tabs */
    dialog = await openImport(page)
    await dialog.getByRole('tab', { name: 'Paste text' }).click()
    await dialog.getByLabel('Paste your cards').fill('gato\tcat\nperro\tdog\ncasa\thouse')
    const rows = dialog.locator('.import-preview-table tbody tr')
    await rows.nth(2).waitFor()
    assert.lengthOf(await rows.all(), 3)
    const cells = await Promise.all(
      (await rows.all()).map((row) => row.locator('td').allInnerTexts())
    )
    assert.deepEqual(cells, [
      ['1', 'gato', 'cat'],
      ['2', 'perro', 'dog'],
      ['3', 'casa', 'house'],
    ])
    await dialog.getByText('3 cards will be imported.').waitFor()
    assert.isTrue(await dialog.getByRole('radio', { name: 'New line' }).isChecked())
    assert.isTrue(await dialog.getByRole('radio', { name: 'Tab' }).isChecked())
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await page.locator('.toast').filter({ hasText: '3 cards imported' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    const pasted = await lastImport(user.id)
    assert.equal(pasted.status, 'done')
    await page.locator(`.deck-item[data-deck-id="${pasted.deck_id}"]`).waitFor()
    assert.deepEqual(await page.evaluate(() => (window as any).toastsSeen), [
      '1 card imported',
      '3 cards imported',
    ])
    const fronts = (await db.from('notes').where('deck_id', pasted.deck_id).orderBy('id')).map(
      (note) => note.fields.Front
    )
    assert.deepEqual(fronts, ['gato', 'perro', 'casa'])

    /* a row without a back: listed by line in the preview, skipped, and named again once the import is done */
    dialog = await openImport(page)
    await dialog.getByRole('tab', { name: 'Paste text' }).click()
    await dialog.getByLabel('Paste your cards').fill('uno\tone\ndos\ntres\tthree')
    await dialog.getByText('2 cards will be imported.').waitFor()
    assert.deepEqual(await dialog.locator('.import-preview-problems li').allInnerTexts(), [
      'Line 2: no back (is the separator between front and back missing?)',
    ])
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    const finished = page.getByRole('dialog', { name: 'Import finished' })
    await finished.waitFor()
    assert.deepEqual(await finished.locator('.import-warnings li').allInnerTexts(), [
      'Line 2: no back (is the separator between front and back missing?)',
    ])
    await page.locator('.toast').filter({ hasText: '2 cards imported' }).waitFor()
    await finished.getByRole('button', { name: 'Done' }).click()
    await finished.waitFor({ state: 'detached' })

    /* one of the pasted cards, studied: Space shows the answer, 4 answers Easy */
    await open(page, `/decks/${pasted.deck_id}/learn`)
    const tutorial = page.getByRole('dialog', { name: 'How learning works' })
    await tutorial.waitFor()
    await page.waitForFunction(() => document.activeElement?.textContent === 'Start learning')
    await page.keyboard.press('Enter')
    await tutorial.waitFor({ state: 'detached' })
    const front = page.locator('.learn-card[data-side="front"]')
    await front.waitFor()
    const cardId = Number(await front.getAttribute('data-card-id'))
    await page
      .frameLocator('.learn-card iframe')
      .getByText(/^(gato|perro|casa)$/)
      .waitFor()
    await page.keyboard.press('Space')
    await page.locator(`.learn-card[data-side="back"][data-card-id="${cardId}"]`).waitFor()
    const answered = page.waitForResponse((response) =>
      response.url().endsWith(`/learn/${pasted.deck_id}/answer`)
    )
    await page.keyboard.press('4')
    assert.equal((await answered).status(), 200)
    const reviews = await db.from('review_logs').where('user_id', user.id).select('card_id')
    assert.deepEqual(
      reviews.map((row) => row.card_id),
      [cardId]
    )
    const card = await db
      .from('cards')
      .join('notes', 'notes.id', 'cards.note_id')
      .where('cards.id', cardId)
      .select('notes.deck_id')
      .first()
    assert.equal(card.deck_id, pasted.deck_id)
  })
})
