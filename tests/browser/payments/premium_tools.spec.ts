/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'

test.group('Premium tools in the notes editor', (group) => {
  group.each.setup(() => resetState())

  test(
    'a free learner finds text colour, highlight, headings and image occlusion marked premium; after ' +
      'upgrading they are there',
    async ({ visit, assert }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      const deck = await createDeck(user, { name: 'Anatomy' })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/notes/new`)
      const toolbar = page.getByRole('toolbar').first()
      for (const tool of ['Text color', 'Highlight', 'Heading']) {
        assert.isTrue(
          await toolbar.getByRole('button', { name: `${tool}: a premium feature` }).isDisabled(),
          tool
        )
      }
      /* basic formatting stays free */
      assert.isFalse(await toolbar.getByRole('button', { name: 'Bold' }).isDisabled())
      await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion (Premium)' })
      await page.locator('a[data-paywall-link]').waitFor()

      await db.from('users').where('id', user.id).update({ is_premium: true })
      await open(page, `/decks/${deck.id}/notes/new`)
      const premiumToolbar = page.getByRole('toolbar').first()
      for (const tool of ['Text color', 'Highlight', 'Heading']) {
        assert.isFalse(
          await premiumToolbar.getByRole('button', { name: tool, exact: true }).isDisabled(),
          tool
        )
      }
      await page.getByLabel('Note type').selectOption({ label: 'Image Occlusion' })
      assert.equal(await page.locator('a[data-paywall-link]').count(), 0)
    }
  )
})
