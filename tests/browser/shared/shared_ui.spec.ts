/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'

test.group('Shared UI parts in the browser', (group) => {
  group.each.setup(() => resetState())

  test('tooltip after hovering, toasts with close, alert dialog with counter, Esc and Enter', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test', username: 'ana.lima' })
    const deck = await createDeck(user, { name: 'Capitals' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')

    /* tooltip: not shown at once, shown after the hover delay (the editor's Add button, with its shortcut) */
    await open(page, `/decks/${deck.id}/notes/new`)
    await page.locator('.note-editor-actions button[type="submit"]').hover()
    assert.equal(await page.getByRole('tooltip').count(), 0)
    await page.getByRole('tooltip').filter({ hasText: 'Add' }).waitFor()

    /* a saved profile shows a toast; it closes by its button, and by itself */
    await open(page, '/account')
    await page.getByRole('heading', { name: 'Account settings' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Ana Lima')
    await page.getByRole('button', { name: 'Save' }).click()
    const toast = page.locator('.toast').filter({ hasText: 'Your changes are saved.' })
    await toast.waitFor()
    await toast.getByRole('button', { name: 'Close' }).click()
    await toast.waitFor({ state: 'detached' })
    await page.getByLabel('Name', { exact: true }).fill('Ana M. Lima')
    await page.getByRole('button', { name: 'Save' }).click()
    await toast.waitFor()
    await toast.waitFor({ state: 'detached' })

    /* the alert dialog: counter, Esc cancels, max width 420 */
    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.locator('input').fill('ana')
    assert.equal(await dialog.locator('.counter').textContent(), '3 / 30')
    assert.isAtMost((await dialog.boundingBox())!.width, 420)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    /* Enter submits: a wrong username is refused and the account stays */
    await page.getByRole('button', { name: 'Delete account' }).click()
    await dialog.locator('input').fill('someone.else')
    await page.keyboard.press('Enter')
    await page
      .getByRole('alert')
      .filter({ hasText: 'The text does not match your username' })
      .waitFor()
  })

  test('a phone gets the menu button; the 404 page leads home', async ({ visit, assert }) => {
    const page = await hydrated(await visit('/no/such/page'))
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.setViewportSize({ width: 390, height: 800 })
    const menu = page.getByRole('button', { name: 'Menu' })
    assert.isTrue(await menu.isVisible())
    assert.isFalse(await page.getByRole('link', { name: 'Get started' }).first().isVisible())
    await menu.click()
    assert.isTrue(await page.getByRole('link', { name: 'Get started' }).first().isVisible())

    await page.setViewportSize({ width: 1024, height: 800 })
    assert.isFalse(await menu.isVisible())
    await page.getByRole('link', { name: 'Back to homepage' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()
  })
})
