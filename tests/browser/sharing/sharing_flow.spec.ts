/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

test.group('Sharing in the browser', (group) => {
  group.each.setup(() => resetState())

  test('the owner shares from the deck page; a learner signs in from the link, joins and finds the deck', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const owner = await makeUser({ email: 'ana@example.test', name: 'Ana Lima' })
    const deck = await createDeck(owner, { name: 'Biology' })
    await bulkCreateNotes(owner, {
      deck_id: deck.id,
      import_data: [{ front: 'Cell', back: 'Unit of life' }],
    })
    await makeUser({ email: 'ben@example.test', name: 'Ben Otto' })

    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'sharing_flow.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test', 'Ana Lima')
    await open(page, `/decks/${deck.id}`)
    await page.getByRole('button', { name: 'Share' }).click()
    const dialog = page.getByRole('dialog', { name: 'Share this deck' })
    await dialog.getByText('Nobody has joined yet.').waitFor()
    await dialog.getByLabel('Share with a link').click()
    const link = dialog.getByRole('textbox', { name: 'Invite link' })
    await link.waitFor()
    const url = await link.inputValue()
    assert.match(new URL(url).pathname, /^\/shared\/[A-Za-z0-9_-]{43}$/)
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click()
    await dialog.getByRole('button', { name: 'Link copied' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    /* signed out, the link offers sign-in and comes back to join */
    await page.context().clearCookies()
    await open(page, new URL(url).pathname)
    await page.getByRole('heading', { name: 'Biology' }).waitFor()
    await page.getByText('Ana Lima shared a deck with you').waitFor()
    await page.getByRole('link', { name: 'Sign in to join' }).click()
    await hydrated(page)
    await signInWithForm(page, 'ben@example.test', null)
    await page.getByRole('button', { name: 'Join and study' }).click()
    await page.waitForURL(`**/decks/${deck.id}`)
    await page.getByRole('heading', { name: 'Biology' }).waitFor()
    const row = await db.from('deck_collaborators').where('deck_id', deck.id).first()
    assert.equal(row.state, 'active')
    assert.equal(row.role, 'viewer')

    await page.getByRole('button', { name: 'Share' }).click()
    const theirs = page.getByRole('dialog', { name: 'Share this deck' })
    await theirs.getByText('Only the owner can change sharing and roles.').waitFor()
    assert.isTrue(await theirs.getByLabel('Share with a link').isDisabled())
    assert.equal(await theirs.getByRole('combobox').count(), 0, 'no role select for a participant')
  })
})
