/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { enableSharing, share } from '#tests/functional/api/participants/support'

async function sharedDeck() {
  const owner = await makeUser({ name: 'Olga Owner' })
  const deck = await createDeck(owner, { name: 'Shared anatomy' })
  await bulkCreateNotes(owner, {
    deck_id: deck.id,
    import_data: [
      { front: 'Femur', back: 'Thigh bone' },
      { front: 'Tibia', back: 'Shin bone' },
    ],
  })
  return { owner, deck }
}

test.group('A participant in the browser', (group) => {
  group.each.setup(() => resetState())

  test('sees the shared deck in their list and leaves it from its menu', async ({
    visit,
    assert,
  }) => {
    const participant = await makeUser({ email: 'ana@example.test' })
    const { deck } = await sharedDeck()
    await share(deck, participant)
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await page.getByRole('link', { name: 'Shared anatomy' }).waitFor()
    await page.getByRole('button', { name: 'Actions for Shared anatomy' }).click()
    assert.equal(await page.getByRole('menuitem', { name: 'Delete' }).count(), 0)
    await page.getByRole('menuitem', { name: 'Leave deck' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave', exact: true }).click()
    await page.getByText('You left the shared deck').first().waitFor()
    await page.getByRole('link', { name: 'Shared anatomy' }).waitFor({ state: 'detached' })
    assert.equal(Number((await db.from('deck_collaborators').count('* as n').first()).n), 0)
  })

  test('sees a shared deck no longer available, with why, and removes it from the list', async ({
    visit,
  }) => {
    const participant = await makeUser({ email: 'ana@example.test' })
    const { deck } = await sharedDeck()
    await share(deck, participant, 'viewer', 'disabled')
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await page.getByRole('heading', { name: 'No longer available' }).waitFor()
    await page.getByText('Its owner stopped sharing it. Ask for a new invite link.').waitFor()
    await page.getByRole('button', { name: 'Remove Shared anatomy from my list' }).click()
    await page.getByRole('heading', { name: 'No longer available' }).waitFor({ state: 'detached' })
  })

  test('reads the owner\'s name under "Created by" on the shared deck\'s page, not "You"', async ({
    visit,
    assert,
  }) => {
    const participant = await makeUser({ email: 'ana@example.test' })
    const { deck } = await sharedDeck()
    await share(deck, participant)
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}`)
    const createdBy = page
      .locator('dl.facts dt', { hasText: 'Created by' })
      .locator('xpath=following-sibling::dd[1]')
    await createdBy.waitFor()
    assert.equal(await createdBy.innerText(), 'Olga Owner')
  })

  test('anyone flips through an embedded shared deck', async ({ visit }) => {
    const { deck } = await sharedDeck()
    const token = await enableSharing(deck)
    const page = await hydrated(await visit(`/embed/${token}`))
    await page.getByText('Card 1 of 2').waitFor()
    await page.frameLocator('iframe.card-face').getByText('Femur').waitFor()
    await page.getByRole('button', { name: 'Flip' }).click()
    await page.frameLocator('iframe.card-face').getByText('Thigh bone').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Card 2 of 2').waitFor()
    await page.frameLocator('iframe.card-face').getByText('Tibia').waitFor()
  })
})
