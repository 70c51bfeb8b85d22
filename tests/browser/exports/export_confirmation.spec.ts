/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { hydrated, signInWithForm } from '#tests/support/browser'
import { linkIn, makeUser, resetState, waitForMail } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { exportMail } from '../../functional/api/exports/support.js'

test.group('Exporting to an address not confirmed yet, in the browser', (group) => {
  group.each.setup(async () => {
    await resetState()
    await drive.use().deleteAll('exports')
  })

  test(
    'the dialog says the address needs confirming, the list shows the export waiting, and the mailed link ' +
      'starts it',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test', name: 'Ana Lima' })
      const deck = await createDeck(user, { name: 'Biology' })
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Cell', back: 'Unit of life' }],
      })

      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'export_confirmation.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test', 'Ana Lima')

      await page.getByRole('button', { name: 'Actions for Biology' }).click()
      await page.getByRole('menuitem', { name: 'Export' }).click()
      const dialog = page.getByRole('dialog', { name: 'Export Biology' })
      await dialog.getByLabel('E-mail me the download link too', { exact: false }).check()
      /* the account's own, proven address: nothing to confirm */
      await dialog.getByText('A confirmed address: the export starts right away.').waitFor()
      await dialog.getByLabel('Send the link to').fill('Teacher@School.test')
      await dialog.getByText('teacher@school.test is not confirmed yet', { exact: false }).waitFor()
      assert.equal(await dialog.getByText('A confirmed address', { exact: false }).count(), 0)

      await dialog.getByRole('button', { name: 'Export' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page
        .getByText('Confirm teacher@school.test first: we e-mailed it a link.', { exact: false })
        .waitFor()
      await page.getByRole('button', { name: 'See exports' }).click()
      await page.getByRole('heading', { name: 'Exports' }).waitFor()
      const row = page.locator('.export-row').filter({ hasText: 'Biology' })
      await row.getByText('Waiting for confirmation').waitFor()
      assert.include(
        await row.innerText(),
        'Confirm teacher@school.test with the link we e-mailed there'
      )

      /* the teacher opens the mail elsewhere and confirms; the learner's list follows */
      const path = new URL(
        linkIn((await waitForMail('teacher@school.test')).text, '/exports/confirm')
      ).pathname
      const mailbox = await hydrated(await visit(path))
      /*
       * the account by its @username, never by the name it chose (a stranger's words on the page that confirms
       * their mail)
       */
      await mailbox.getByText(`@${user.username} asked Mnemo`, { exact: false }).waitFor()
      assert.notInclude(
        await mailbox.getByText('asked Mnemo to send deck exports', { exact: false }).innerText(),
        'Ana Lima'
      )
      await mailbox.getByRole('button', { name: 'Confirm this address' }).click()
      await mailbox.getByRole('heading', { name: 'Address confirmed' }).waitFor()

      await row.getByText('Ready').waitFor({ timeout: 20_000 })
      await page.getByText('Biology is ready to download').waitFor()
      /* not the learner's own address: the mail names neither the deck nor the learner (issue 27: no mail relay) */
      const { mail } = await exportMail('teacher@school.test')
      assert.equal(mail.subject, 'A Mnemo export is ready')
      assert.notInclude(mail.text, 'Biology')
      assert.notInclude(mail.text, 'Ana Lima')
    }
  )
})
