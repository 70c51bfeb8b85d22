/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

const LONG_ENOUGH = 'The capitals of the countries of Europe, one card each, for travellers.'

/* ana's deck "Capitals" of `cards` cards, its page open on the publishing panel */
async function panelOf(page: Page, cards: number) {
  const { deck } = await learnerWithCards(cards)
  await signInWithForm(page, 'ana@example.test')
  await open(page, `/decks/${deck.id}`)
  const panel = page.locator('.publishing-panel')
  return {
    panel,
    description: panel.getByRole('textbox', { name: 'Description' }),
    submit: panel.getByRole('button', { name: 'Submit for review' }),
  }
}

const revisions = async () => Number((await db.from('deck_revisions').count('* as n').first()).n)

test.group('Publishing form in the browser', (group) => {
  group.each.setup(() => resetState())

  test('a too-short description shows its error under the field, which goes once it is long enough', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'publish_description.png'),
          fullPage: true,
        })
    })
    const { panel, description, submit } = await panelOf(page, 20)
    await description.fill('Too short.')
    await submit.click()
    const fieldError = panel.locator('label:has(textarea[name="description"]) .field-error')
    await fieldError.waitFor()
    assert.equal(await fieldError.innerText(), 'This is too short (at least 50 characters)')
    assert.equal(await description.getAttribute('aria-invalid'), 'true')
    assert.equal(await revisions(), 0)

    await description.fill(LONG_ENOUGH)
    await submit.click()
    await page.locator('.toast').filter({ hasText: 'Submitted for review' }).waitFor()
    assert.equal(await fieldError.count(), 0)
    assert.equal(await revisions(), 1)
  })

  test('too few cards: the toast names the minimum', async ({ visit, assert, cleanup }) => {
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'publish_too_few.png'),
          fullPage: true,
        })
    })
    const { description, submit } = await panelOf(page, 3)
    await description.fill(LONG_ENOUGH)
    await submit.click()
    const toast = page.locator('.toast').filter({ hasText: 'Too few cards to publish' })
    await toast.waitFor()
    assert.include(
      await toast.innerText(),
      'A deck needs at least 20 cards to be published; this one has 3.'
    )
    assert.equal(await revisions(), 0)
  })
})
