/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'

const suspensions = async (userId: number) =>
  Number((await db.from('card_suspensions').where('user_id', userId).count('* as n').first()).n)

test.group('Removing a card in the browser', (group) => {
  group.each.setup(() => resetState())

  test('"Remove" in a session says what it does, keeps the card, and the deck\'s card list brings it back', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    user.learningTutorialSeen = true
    await user.save()
    const deck = await createDeck(user, { name: 'Capitals' })
    const notes = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        { front: 'Capital of Peru', back: 'Lima' },
        { front: 'Capital of Chile', back: 'Santiago' },
      ],
    })

    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'remove_card.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    await open(page, `/decks/${deck.id}/learn`)
    const frame = page.frameLocator('.learn-card iframe')
    await frame.getByText('Capital of Peru').waitFor()
    await page.getByRole('button', { name: 'Remove' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Remove this card from study?' })
    await dialog
      .getByText(
        'Its note, progress and history are kept: bring it back from the deck’s card list.'
      )
      .waitFor()
    await dialog.getByRole('button', { name: 'Remove from study' }).click()
    await page
      .locator('.toast')
      .filter({ hasText: 'Card removed from study. Bring it back from the deck’s card list.' })
      .waitFor()
    await frame.getByText('Capital of Chile').waitFor()
    assert.equal(await suspensions(user.id), 1)
    assert.equal(
      Number((await db.from('notes').where('deck_id', deck.id).count('* as n').first()).n),
      2
    )

    await open(page, `/decks/${deck.id}?tab=cards`)
    const row = page.locator(`.note-row[data-note-id="${notes[0].id}"]`)
    await row.getByText('Removed from study').waitFor()
    assert.equal(
      await page
        .locator(`.note-row[data-note-id="${notes[1].id}"]`)
        .getByText('Removed from study')
        .count(),
      0
    )
    await row.getByRole('button', { name: 'Bring “Capital of Peru” back to study' }).click()
    await page.locator('.toast').filter({ hasText: '1 card back in study' }).waitFor()
    await row.getByText('Removed from study').waitFor({ state: 'detached' })
    assert.equal(await suspensions(user.id), 0)

    /* back in the session */
    await open(page, `/decks/${deck.id}/learn`)
    await frame.getByText('Capital of Peru').waitFor()
  })
})
