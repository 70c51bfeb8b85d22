/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import NoteType from '#models/note_type'

const deckOfNote = async (noteId: number) =>
  (await db.from('notes').where('id', noteId).first()).deck_id as number

test.group('A card\'s history from the card list, and "move" in a session', (group) => {
  group.each.setup(() => resetState())

  test('the card list opens each card\'s reviews; "move" in a session sends the note to another deck', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    user.learningTutorialSeen = true
    await user.save()
    const deck = await createDeck(user, { name: 'Capitals' })
    const europe = await createDeck(user, { name: 'Europe' })
    const [france, chile] = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        { front: 'Capital of France', back: 'Paris' },
        { front: 'Capital of Chile', back: 'Santiago' },
      ],
    })
    const reversed = await NoteType.query()
      .whereNull('user_id')
      .where('kind', 'reversed')
      .firstOrFail()
    const [peru] = await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Capital of Peru', back: 'Lima' }],
      template_id: reversed.id,
    })

    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'history_and_move.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    /*
     * "move" in a session: France goes to Europe (the list of decks comes when the dialog opens), the session
     * goes on with Chile
     */
    await open(page, `/decks/${deck.id}/learn`)
    const frame = page.frameLocator('.learn-card iframe')
    await frame.getByText('Capital of France').waitFor()
    await page.getByRole('toolbar').getByRole('button', { name: 'Move', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Move 1 card' })
    await dialog.getByLabel('Europe').check()
    await dialog.getByRole('button', { name: 'Move', exact: true }).click()
    await page.locator('.toast').filter({ hasText: 'Card moved to “Europe”.' }).waitFor()
    await frame.getByText('Capital of Chile').waitFor()
    /* the deck job moves it a moment later, in the worker */
    for (let tries = 0; tries < 100 && (await deckOfNote(france.id)) !== europe.id; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    assert.equal(await deckOfNote(france.id), europe.id)
    assert.equal(await deckOfNote(chile.id), deck.id)

    /* Chile answered Good */
    const answered = page.waitForResponse(
      (response) => response.url().includes('/answer') && response.status() === 200
    )
    await page.keyboard.press('Space')
    await page.locator('.learn-card[data-side="back"]').waitFor()
    await page.keyboard.press('3')
    await answered

    /* the card list: Chile's history shows that answer, without a switch (one card) */
    await open(page, `/decks/${deck.id}?tab=cards`)
    await page.getByRole('button', { name: 'History of the card: Capital of Chile' }).click()
    const sheet = page.getByRole('dialog', { name: 'Card info' })
    const history = sheet.locator('table.learn-history tbody tr')
    await history.first().waitFor()
    assert.equal(await history.count(), 1)
    assert.include(await history.first().innerText(), 'Good')
    const switcher = sheet.getByRole('group', { name: "The note's cards" })
    assert.equal(await switcher.count(), 0)
    await sheet.getByRole('button', { name: 'Close' }).click()
    await sheet.waitFor({ state: 'detached' })

    /* Peru makes two cards: the sheet switches between them */
    await page.getByRole('button', { name: 'History of the card: Capital of Peru' }).click()
    await sheet.getByText('Not studied yet.').waitFor()
    assert.equal(await switcher.getByRole('button').count(), 2)
    assert.equal(
      await switcher.getByRole('button', { name: 'Card 1' }).getAttribute('aria-pressed'),
      'true'
    )
    const stats = page.waitForResponse(
      (response) => response.url().includes('/stats') && response.status() === 200
    )
    await switcher.getByRole('button', { name: 'Card 2' }).click()
    const second = await (await stats).json()
    const peruCards = (
      await db.from('cards').where('note_id', peru.id).orderBy('ord').select('id')
    ).map((row) => row.id)
    assert.equal(second.cardId, peruCards[1])
    await sheet.getByText('Not studied yet.').waitFor()
    assert.equal(
      await switcher.getByRole('button', { name: 'Card 2' }).getAttribute('aria-pressed'),
      'true'
    )
  }).timeout(90_000)
})
