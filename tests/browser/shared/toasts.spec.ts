/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import User from '#models/user'

test.group('Toasts in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'an error the page shows by its form is not toasted as well; no toast of a deleted account ' +
      'stays after it',
    async ({ visit, assert }) => {
      await makeUser({ email: 'ana@example.test', username: 'ana.lima' })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await open(page, '/account')
      /* the toasts' own timers stand still: what is on screen stays until the page takes it away */
      await page.clock.install()
      await page.clock.pauseAt(Date.now() + 1000)
      const toasts = page.locator('.toast')

      /* a refused deletion: the reason by the form, once */
      await page.getByRole('button', { name: 'Delete account' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.locator('input').fill('someone.else')
      await dialog.getByRole('button', { name: 'Delete for good' }).click()
      await page
        .getByRole('alert')
        .filter({ hasText: 'The text does not match your username' })
        .waitFor()
      /* a save after it: its toast is the only one */
      await page.getByLabel('Name', { exact: true }).fill('Ana Lima')
      await page.getByRole('button', { name: 'Save' }).first().click()
      await toasts.filter({ hasText: 'Your changes are saved.' }).waitFor()
      assert.deepEqual(
        await toasts
          .allInnerTexts()
          .then((texts) => texts.map((text) => text.replace(/\s*×$/, ''))),
        ['Your changes are saved.']
      )

      /* the account deleted: the signed-out page shows nothing of it */
      await page.getByRole('button', { name: 'Delete account' }).click()
      await dialog.locator('input').fill('ana.lima')
      await dialog.getByRole('button', { name: 'Delete for good' }).click()
      await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()
      assert.isNull(await User.findBy('email', 'ana@example.test'))
      assert.equal(await toasts.count(), 0)
    }
  )
})
