/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { solidPngImg } from '#tests/support/images'
import { createDeck } from '#actions/decks/create_deck'
import { saveNote } from '#actions/notes/save_note'
import Deck from '#models/deck'
import NoteType from '#models/note_type'
import type User from '#models/user'

async function addNote(
  user: User,
  deckId: number,
  kind: string,
  fields: Record<string, string>,
  attachments = {}
) {
  const noteType = await NoteType.query().whereNull('user_id').where('kind', kind).firstOrFail()
  return db.transaction(async (trx) => {
    const deck = await Deck.query({ client: trx }).where('id', deckId).forUpdate().firstOrFail()
    return saveNote(
      user,
      { deck, noteTypeId: noteType.id, fields, fieldAttachmentsMap: attachments },
      trx
    )
  })
}

const MASKS = {
  Image: {
    hideAll: true,
    masks: [
      { id: 'a', group: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.3 },
      { id: 'b', group: 2, x: 0.6, y: 0.5, width: 0.3, height: 0.3 },
    ],
  },
}

test.group('Editing a card in a study session', (group) => {
  group.each.setup(() => resetState())

  test(
    'E opens the notes editor itself: rich fields, the cloze button, occlusion; errors clear as the ' +
      'field changes',
    async ({ visit, assert, cleanup }) => {
      /* premium: image occlusion is a premium feature */
      const user = await makeUser({ email: 'ana@example.test' })
      await db.from('users').where('id', user.id).update({ is_premium: true })
      user.isPremium = true
      user.learningTutorialSeen = true
      await user.save()
      const deck = await createDeck(user, { name: 'Geography' })
      const cloze = await addNote(user, deck.id, 'cloze', {
        'Text': 'The <b>capital</b> of France is {{c1::Paris}}.',
        'Back Extra': '',
      })
      await addNote(user, deck.id, 'image_occlusion', { Image: solidPngImg(), Header: '' }, MASKS)

      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'card_editor.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/learn`)
      await page.locator('.learn-card[data-side="front"]').waitFor()

      /* the cloze note in the editor: formatted text (no HTML tags to read), the toolbar and its cloze button */
      await page.keyboard.press('e')
      const editor = page.getByRole('dialog', { name: 'Edit card' })
      const text = editor.getByRole('textbox', { name: 'Text' })
      await text.waitFor()
      assert.equal(await editor.locator('textarea').count(), 0)
      assert.equal(await text.locator('strong').innerText(), 'capital')
      assert.equal(await text.innerText(), 'The capital of France is {{c1::Paris}}.')
      assert.notInclude(await editor.innerText(), '<b>')

      /* a second cloze, made with the button on a selection, saved through the editor's own action */
      await text.click()
      await page.keyboard.press('End')
      await page.keyboard.insertText(' It is in Europe')
      for (let index = 0; index < 'Europe'.length; index++)
        await page.keyboard.press('Shift+ArrowLeft')
      await editor.getByRole('button', { name: 'Cloze deletion' }).first().click()
      assert.equal(
        await text.innerText(),
        'The capital of France is {{c1::Paris}}. It is in {{c2::Europe}}'
      )
      await editor.getByRole('button', { name: 'Save' }).click()
      await editor.waitFor({ state: 'detached' })
      await page.locator('.toast').filter({ hasText: 'Card saved' }).waitFor()
      const saved = await db.from('notes').where('id', cloze.id).first()
      /* as the notes editor page saves it: the editor's HTML */
      assert.equal(
        saved.fields.Text,
        '<p>The <strong>capital</strong> of France is {{c1::Paris}}. It is in {{c2::Europe}}</p>'
      )
      assert.equal(
        Number((await db.from('cards').where('note_id', cloze.id).count('* as n').first()).n),
        2
      )

      /* an emptied field is refused next to it, and the error goes as soon as the field has text again */
      await page.keyboard.press('e')
      await text.waitFor()
      await text.click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.press('Delete')
      await editor.getByRole('button', { name: 'Save' }).click()
      const error = editor.locator('.field-error').filter({ hasText: 'Text cannot be empty' })
      await error.waitFor()
      await page.keyboard.insertText('Paris is the {{c1::capital}}')
      await error.waitFor({ state: 'detached' })
      /* Esc with changes asks first; closing without saving keeps the note as it was */
      await page.keyboard.press('Escape')
      await page
        .getByRole('alertdialog', { name: 'Close without saving?' })
        .getByRole('button', { name: 'Close without saving' })
        .click()
      await editor.waitFor({ state: 'detached' })
      assert.equal(
        (await db.from('notes').where('id', cloze.id).first()).fields.Text,
        saved.fields.Text
      )

      /* the occlusion note: its picture and masks in the builder */
      await page.keyboard.press('Space')
      await page.locator('.learn-card[data-side="back"]').waitFor()
      await page.keyboard.press('4')
      await page.frameLocator('.learn-card iframe').locator('.occlusion').waitFor()
      await page.keyboard.press('e')
      await editor.getByRole('group', { name: 'Image with masks' }).waitFor()
      await editor.getByText('2 masks · 2 cards').waitFor()
      assert.equal(await editor.getByRole('textbox', { name: 'Text' }).count(), 0)
      /* Esc first drops the builder's selection, then closes */
      await editor.locator('[data-mask="a"]').click()
      await editor.locator('[data-mask="a"].selected').waitFor()
      await page.keyboard.press('Escape')
      await editor.locator('[data-mask="a"]:not(.selected)').waitFor()
      assert.isTrue(await editor.isVisible())
      await page.keyboard.press('Escape')
      await editor.waitFor({ state: 'detached' })
    }
  )
})
