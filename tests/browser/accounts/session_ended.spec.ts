/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { PASSWORD, resetState } from '#tests/support/helpers'

test.group('A session that ends under an open page', (group) => {
  group.each.setup(() => resetState())

  test(
    "the page's next JSON call answered 401 leads to sign in, saying the session ended, and back to the page " +
      'after it',
    async ({ visit, assert }) => {
      const { user, deck } = await learnerWithCards(1)
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/notes/new?from=learn`)
      /* signed out elsewhere (a password change ends every other session) */
      await db.from('users').where('id', user.id).increment('session_epoch', 1)

      /* typing asks the server for the preview: a JSON call, now refused */
      const refused = page.waitForResponse((response) => response.url().endsWith('/notes/preview'))
      await page.getByRole('textbox', { name: 'Front', exact: true }).click()
      await page.keyboard.insertText('Lisbon')
      assert.equal((await refused).status(), 401)
      await page.waitForURL((url) => url.pathname === '/sign-in')
      assert.equal(
        new URL(page.url()).searchParams.get('next'),
        `/decks/${deck.id}/notes/new?from=learn`
      )
      await hydrated(page)
      assert.equal(
        (
          await page.getByRole('status').filter({ hasText: 'Your session has ended' }).innerText()
        ).trim(),
        'Your session has ended. Sign in again to go on where you were.'
      )
      assert.equal(await page.getByRole('alertdialog').count(), 0, 'no generic alert')

      await page.getByLabel('E-mail').fill('ana@example.test')
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('heading', { name: 'Add card' }).waitFor()
      assert.equal(new URL(page.url()).pathname, `/decks/${deck.id}/notes/new`)
    }
  )
})
