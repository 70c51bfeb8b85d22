/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { setFlag } from '#services/remote_flags'

test.group('The scheduling link in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    '"How scheduling works" is in the algorithm and study settings while the scheduling_link flag holds an ' +
      'address, and nowhere when it is empty',
    async ({ visit, assert }) => {
      await learnerWithCards(1)
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      const algorithmDialog = async () => {
        await open(page, '/')
        await page.getByRole('button', { name: 'Actions for Capitals' }).click()
        await page.getByRole('menuitem', { name: 'Algorithm settings…' }).click()
        const dialog = page.getByRole('dialog', { name: 'Algorithm settings for “Capitals”' })
        await dialog.locator('input[name="algorithm_preset"]').first().waitFor()
        return dialog
      }

      /* empty (the default): no link */
      assert.equal(
        await (await algorithmDialog()).getByRole('link', { name: 'How scheduling works' }).count(),
        0
      )
      await open(page, '/settings')
      assert.equal(await page.getByRole('link', { name: 'How scheduling works' }).count(), 0)

      await setFlag('scheduling_link', 'https://help.mnemo.example/scheduling', null)
      const link = (await algorithmDialog()).getByRole('link', { name: 'How scheduling works' })
      assert.equal(await link.getAttribute('href'), 'https://help.mnemo.example/scheduling')
      assert.equal(await link.getAttribute('target'), '_blank')
      await open(page, '/settings')
      assert.equal(
        await page.getByRole('link', { name: 'How scheduling works' }).getAttribute('href'),
        'https://help.mnemo.example/scheduling'
      )
    }
  )
})
