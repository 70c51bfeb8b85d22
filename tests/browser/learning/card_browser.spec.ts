/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import NoteType from '#models/note_type'

const DAY = 86_400_000

/* a learner with two decks; what the app has no door for yet here (tags, progress) is written directly */
async function learner() {
  const user = await makeUser({ email: 'ana@example.test' })
  const spanish = await createDeck(user, { name: 'Spanish' })
  const french = await createDeck(user, { name: 'French' })
  const notes = await bulkCreateNotes(user, {
    deck_id: spanish.id,
    import_data: [
      { front: 'hablar', back: 'to speak' },
      { front: 'comer', back: 'to eat' },
      { front: 'vivir', back: 'to live' },
      { front: 'casa', back: 'house' },
    ],
  })
  await bulkCreateNotes(user, {
    deck_id: french.id,
    import_data: [{ front: 'parler', back: 'to speak' }],
  })
  const [hablar, comer, vivir] = notes.map((note: { id: number }) => note.id)
  await db
    .from('notes')
    .whereIn('id', [hablar, comer, vivir])
    .update({ tags: JSON.stringify(['verbs']) })
  for (const [noteId, interval, lapses] of [
    [hablar, 20, 3],
    [comer, 5, 0],
  ]) {
    const card = await db.from('cards').where('note_id', noteId).first()
    await db.table('card_progress').insert({
      user_id: user.id,
      card_id: card.id,
      deck_id: card.deck_id,
      state: 'review',
      due_at: new Date(Date.now() + interval * DAY),
      interval_days: interval,
      ease_permille: 2500,
      reps: 4,
      lapses,
      created_at: new Date(),
      updated_at: new Date(),
    })
  }
  return { user, spanish, hablar, comer }
}

const rowTexts = (page: import('playwright').Page) =>
  page.locator('.browser-table tbody tr td.browser-field span:first-child').allInnerTexts()

test.group('The card browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'from a deck page: a search with three operators finds the cards, a column sorts them, a bulk action ' +
      'freezes them',
    async ({ visit, assert, cleanup }) => {
      const { user, spanish, hablar, comer } = await learner()
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'card_browser.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${spanish.id}`)
      await page.getByRole('link', { name: 'Browse cards' }).click()
      const box = page.getByRole('searchbox', { name: 'Search cards' })
      await page.getByRole('heading', { name: 'Card browser' }).waitFor()
      assert.equal(await box.inputValue(), 'deck:"Spanish"')
      await page.getByText('4 cards', { exact: true }).waitFor()

      /* a malformed search: the error says where, the query is marked there, no card is shown */
      await box.fill('deck:"Spanish" (tag:verbs')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      const error = page.getByRole('alert').filter({ hasText: 'character 26' })
      await error.waitFor()
      assert.include(await error.innerText(), 'closing parenthesis')
      assert.equal(await box.getAttribute('aria-invalid'), 'true')
      assert.equal(await page.locator('.browser-table').count(), 0)

      /* three operators: deck, tag and a negated state */
      await box.fill('deck:"Spanish" tag:verbs -is:new')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.getByText('2 cards', { exact: true }).waitFor()
      assert.equal(await page.getByRole('alert').count(), 0)

      /* sorting by interval: the longest first, then the other way round */
      await page.getByRole('button', { name: 'Sort by Interval' }).click()
      await page.locator('th[aria-sort="descending"]').filter({ hasText: 'Interval' }).waitFor()
      assert.deepEqual(await rowTexts(page), ['hablar', 'comer'])
      await page.getByRole('button', { name: 'Sort by Interval' }).click()
      await page.locator('th[aria-sort="ascending"]').filter({ hasText: 'Interval' }).waitFor()
      assert.deepEqual(await rowTexts(page), ['comer', 'hablar'])
      assert.include(page.url(), 'sort=interval')

      /* the history sheet of a row */
      await page
        .locator('tr', { hasText: 'hablar' })
        .getByRole('button', { name: 'History' })
        .click()
      const sheet = page.getByRole('dialog', { name: 'Card info' })
      const lapses = sheet
        .locator('.learn-sheet > div', { has: page.locator('dt', { hasText: 'Lapses' }) })
        .locator('dd')
      await lapses.waitFor()
      assert.equal(await lapses.innerText(), '3')
      await sheet.getByRole('button', { name: 'Close' }).click()
      await sheet.waitFor({ state: 'detached' })

      /* every card of the page, then a bulk freeze */
      await page.getByRole('checkbox', { name: 'Select every card on this page' }).check()
      await page.getByRole('toolbar', { name: '2 notes selected' }).waitFor()
      await page.getByRole('button', { name: 'Freeze', exact: true }).click()
      await page.locator('.toast').filter({ hasText: '2 cards paused' }).waitFor()
      const frozen = await db
        .from('card_progress as p')
        .join('cards as c', 'c.id', 'p.card_id')
        .where('p.user_id', user.id)
        .where('p.frozen', true)
        .select('c.note_id')
      assert.sameMembers(
        frozen.map((row) => row.note_id),
        [hablar, comer]
      )
      await box.fill('is:frozen')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.waitForURL(/q=is%3Afrozen/)
      await page.getByText('2 cards', { exact: true }).waitFor()
      assert.sameMembers(await rowTexts(page), ['hablar', 'comer'])

      /* on a phone: the search and the main columns stay, the others give way */
      await page.setViewportSize({ width: 390, height: 800 })
      assert.isTrue(await box.isVisible())
      assert.isTrue(await page.getByRole('button', { name: 'Sort by Due' }).isVisible())
      assert.isFalse(await page.getByRole('button', { name: 'Sort by Lapses' }).isVisible())
    }
  ).timeout(90_000)

  test(
    "a card's note is edited beside the list, as in Anki's browser: saved, its row reads the new text, the " +
      'list stays',
    async ({ visit, assert, cleanup }) => {
      const { hablar } = await learner()
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'card_browser_editor.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, '/cards?q=deck:Spanish&sort=sort_field&order=asc')
      await page.getByText('4 cards', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Edit the note of hablar' }).click()
      const panel = page.getByRole('region', { name: 'Edit card' })
      const front = panel.getByRole('textbox', { name: 'Front' })
      await front.waitFor()
      assert.equal(await front.innerText(), 'hablar')
      assert.equal(
        await page.locator('tr[aria-current="true"] td.browser-field span:first-child').innerText(),
        'hablar'
      )
      /* side by side at desktop width: the list is still there */
      const [list, editor] = await Promise.all([
        page.locator('.browser-list').boundingBox(),
        panel.boundingBox(),
      ])
      assert.isAbove(editor!.x, list!.x + list!.width - 1)

      await front.click()
      await page.keyboard.press('End')
      await page.keyboard.insertText(' (regular)')
      await panel.getByRole('button', { name: 'Save' }).click()
      await page
        .locator('.browser-table td.browser-field span:first-child')
        .filter({ hasText: 'hablar (regular)' })
        .waitFor()
      const saved = await db.from('notes').where('id', hablar).first()
      assert.equal(saved.fields.Front, '<p>hablar (regular)</p>')
      assert.isTrue(await panel.isVisible(), 'the editor stays on the card')
      await panel.getByRole('button', { name: 'Cancel' }).click()
      await panel.waitFor({ state: 'detached' })
    }
  )

  test(
    "a row shows the card text as written, capitals kept, and a Card type column tells a note's " +
      'two cards apart',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      const deck = await createDeck(user, { name: 'Deutsch' })
      const reversed = await NoteType.query()
        .whereNull('user_id')
        .where('kind', 'reversed')
        .firstOrFail()
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Das Haus', back: 'the house' }],
        template_id: reversed.id,
      })
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'card_browser_card_type.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, '/cards?q=deck:Deutsch&sort=card&order=asc')
      await page.getByText('2 cards', { exact: true }).waitFor()
      assert.deepEqual(await rowTexts(page), ['Das Haus', 'Das Haus'])
      await page.getByRole('button', { name: 'Sort by Card type' }).waitFor()
      assert.deepEqual(
        await page.locator('.browser-table tbody tr td.browser-card').allInnerTexts(),
        ['Card 1', 'Card 2']
      )
    }
  )
})
