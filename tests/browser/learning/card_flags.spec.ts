/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { axeFindings, describeFindings } from '#tests/support/axe'
import { eventually } from '#tests/support/eventually'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'

/* Issue 32: Anki's card flags in a study session (Ctrl+1..7) and in the card browser (a bulk action). */

const flagsOf = async (userId: number) =>
  db.from('card_flags').where('user_id', userId).orderBy('card_id').select('card_id', 'flag')

async function learner() {
  const user = await makeUser({ email: 'ana@example.test' })
  user.learningTutorialSeen = true
  await user.save()
  const deck = await createDeck(user, { name: 'Capitals' })
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: [
      { front: 'Capital of Peru', back: 'Lima' },
      { front: 'Capital of Chile', back: 'Santiago' },
    ],
  })
  const cards = await db.from('cards').where('deck_id', deck.id).orderBy('id').select('id')
  return { user, deck, cardIds: cards.map((row) => row.id as number) }
}

test.group('Card flags in the browser', (group) => {
  group.each.setup(() => resetState())

  test('Ctrl+1 in a session flags the card shown red, the card shows it, Ctrl+1 again takes it off', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { user, deck, cardIds } = await learner()
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'card_flags.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    const frame = page.frameLocator('.learn-card iframe')
    await frame.getByText('Capital of Peru').waitFor()

    await page.keyboard.press('Control+1')
    const marker = page.locator('.learn-card').getByRole('img', { name: 'Flag: Red' })
    await marker.waitFor()
    assert.equal(await page.getByRole('combobox', { name: 'Flag' }).inputValue(), '1')
    /* the flag is saved in the background */
    await eventually(async () => (await flagsOf(user.id)).length > 0, 'the flag saved')
    assert.deepEqual(await flagsOf(user.id), [{ card_id: cardIds[0], flag: 1 }])
    assert.deepEqual(describeFindings('flagged card', await axeFindings(page)), [])

    /* another colour replaces it; the same key again takes it off */
    await page.keyboard.press('Control+4')
    await page.locator('.learn-card').getByRole('img', { name: 'Flag: Blue' }).waitFor()
    await page.keyboard.press('Control+4')
    await page.locator('.learn-card .card-flag').waitFor({ state: 'detached' })
    await eventually(async () => (await flagsOf(user.id)).length === 0, 'the flag cleared')
    assert.deepEqual(await flagsOf(user.id), [])

    /* the toolbar's menu sets one too, and the page opened again shows it */
    await page.getByRole('combobox', { name: 'Flag' }).selectOption('7')
    await page.locator('.learn-card').getByRole('img', { name: 'Flag: Purple' }).waitFor()
    await eventually(async () => (await flagsOf(user.id)).length > 0, 'the flag saved')
    await open(page, `/decks/${deck.id}/learn`)
    await frame.getByText('Capital of Peru').waitFor()
    await page.locator('.learn-card').getByRole('img', { name: 'Flag: Purple' }).waitFor()
  })

  test('the card browser flags the checked cards and shows the flag in their rows', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { user, cardIds } = await learner()
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'card_flags_browser.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')
    await open(page, '/cards?sort=sort_field&order=asc')
    await page.getByRole('checkbox', { name: 'Select Capital of Peru' }).check()
    const toolbar = page.getByRole('toolbar', { name: '1 note selected' })
    await toolbar.waitFor()
    assert.deepEqual(describeFindings('browser selection', await axeFindings(page)), [])
    await toolbar.getByRole('combobox', { name: 'Flag the selected cards' }).selectOption('3')
    await page.locator('.toast').filter({ hasText: 'Flag set on 1 card' }).waitFor()
    const row = page.locator(`tr[data-card-id="${cardIds[0]}"]`)
    await row.getByRole('img', { name: 'Flag: Green' }).waitFor()
    assert.equal(await page.locator(`tr[data-card-id="${cardIds[1]}"] .card-flag`).count(), 0)
    assert.deepEqual(await flagsOf(user.id), [{ card_id: cardIds[0], flag: 3 }])
    assert.deepEqual(describeFindings('browser flags', await axeFindings(page)), [])

    /* "Remove the flag" clears it */
    await page.getByRole('checkbox', { name: 'Select Capital of Peru' }).check()
    await page
      .getByRole('toolbar', { name: '1 note selected' })
      .getByRole('combobox', { name: 'Flag the selected cards' })
      .selectOption('0')
    await page.locator('.toast').filter({ hasText: 'Flag removed from 1 card' }).waitFor()
    await row.locator('.card-flag').waitFor({ state: 'detached' })
    assert.deepEqual(await flagsOf(user.id), [])
  })
})
