/// <reference lib="dom" />
import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import type { Page } from 'playwright'
import { hydrated, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { getQueue } from '#services/queue'
import { download, exportMail } from '../../functional/api/exports/support.js'

const CSV =
  'front,back,tags\r\nCell,Unit of life,\r\n"Mitochondria, the","powerhouse ""of"" the cell",\r\n'

async function openDeckMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
}

test.group('Exporting in the browser', (group) => {
  group.each.setup(async () => {
    await resetState()
    await drive.use().deleteAll('exports')
  })

  test(
    'a learner exports a deck: the worker writes it, the list shows it ready, the button and the e-mail give ' +
      'the file',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test', name: 'Ana Lima' })
      const deck = await createDeck(user, { name: 'Biology' })
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [
          { front: 'Cell', back: 'Unit of life' },
          { front: 'Mitochondria, the', back: 'powerhouse "of" the cell' },
        ],
      })

      const queue = getQueue()
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        await queue.resume()
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'export_flow.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test', 'Ana Lima')

      /* Home → ⋯ → Export, as CSV, on a phone */
      await page.setViewportSize({ width: 390, height: 800 })
      await openDeckMenu(page, 'Biology')
      await page.getByRole('menuitem', { name: 'Export' }).click()
      const dialog = page.getByRole('dialog', { name: 'Export Biology' })
      /* each format's name reads on one line, its hint under it if need be */
      for (const name of ['Mnemo (.ofc)', 'Anki (.apkg)', 'CSV (.csv)']) {
        const lines = await dialog.getByText(name, { exact: true }).evaluate((label) => {
          const range = document.createRange()
          range.selectNodeContents(label)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        })
        assert.equal(lines, 1, name)
      }
      /* the open formats first, an Anki package chosen; nothing is mailed unless asked for */
      assert.deepEqual(
        await dialog
          .locator('input[name="export-format"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
        ['apkg', 'csv', 'ofc']
      )
      assert.isTrue(await dialog.getByLabel('Anki (.apkg)', { exact: false }).isChecked())
      assert.equal(await dialog.getByLabel('Send the link to').count(), 0)
      await dialog.getByText('CSV (.csv)').click()
      await dialog.getByLabel('E-mail me the download link too', { exact: false }).check()
      /* the worker waits until the list has shown the export waiting */
      await queue.pause()
      await dialog.getByRole('button', { name: 'Export' }).click()
      await dialog.waitFor({ state: 'detached' })
      /* the toast promises the e-mail and leads to the list */
      await page.getByText("We'll e-mail you a link when it's ready").waitFor()
      await page.getByRole('button', { name: 'See exports' }).click()
      await page.getByRole('heading', { name: 'Exports' }).waitFor()
      await page.setViewportSize({ width: 1280, height: 800 })

      /* the worker process writes it; the page polls until it is ready, and says so */
      const row = page.locator('.export-row').filter({ hasText: 'Biology' })
      await row.getByText('Waiting').waitFor()
      assert.equal(await row.getByRole('link', { name: 'Download Biology' }).count(), 0)
      await queue.resume()
      await row.getByText('Ready').waitFor({ timeout: 20_000 })
      await page.getByText('Biology is ready to download').waitFor()
      assert.include(await row.innerText(), 'CSV (.csv)')

      /* the button gives the file */
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('link', { name: 'Download Biology' }).click(),
      ])
      assert.equal(file.suggestedFilename(), 'Biology.csv')
      assert.equal(await readFile((await file.path())!, 'utf8'), CSV)

      /* the e-mail carries a working link to the same file, for any browser */
      const { mail, link } = await exportMail('ana@example.test')
      assert.include(mail.subject, 'Biology')
      const mailed = await download(link)
      assert.equal(mailed.response.status, 200)
      assert.equal(mailed.bytes.toString('utf8'), CSV)

      /* the list reads well on a phone: nothing runs off the side, the button is there */
      await page.setViewportSize({ width: 390, height: 800 })
      assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth), 390)
      assert.isTrue(await row.getByRole('link', { name: 'Download Biology' }).isVisible())

      /* the home page leads to the list too */
      await page.goto('/')
      await hydrated(page)
      await page.getByRole('link', { name: 'Exports' }).click()
      await page.getByRole('heading', { name: 'Exports' }).waitFor()
    }
  )
})
