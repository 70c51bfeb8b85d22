/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { aiState, scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'
import { createDeck } from '#actions/decks/create_deck'
import Note from '#models/note'

test.group('AI templates in the notes editor', (group) => {
  group.each.setup(async () => {
    await resetState()
    useOffline()
  })
  group.each.teardown(() => useOffline())

  test(
    'offline the popup says no provider is configured; with one, a template rewrites the card once the user ' +
      'keeps it',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'lea@example.test' })
      const deck = await createDeck(user, { name: 'German' })
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'ai_templates.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'lea@example.test')
      await open(page, `/decks/${deck.id}/notes/new`)
      await page.getByRole('textbox', { name: 'Front', exact: true }).click()
      await page.keyboard.insertText('the house')
      await page.getByRole('textbox', { name: 'Back', exact: true }).click()
      await page.keyboard.insertText('das Haus')

      /* no provider: the popup lists the built-ins and says they cannot be applied here */
      await page.getByRole('button', { name: 'AI templates' }).click()
      const dialog = page.getByRole('dialog', { name: 'AI templates' })
      await dialog.getByText('No AI provider is configured on this server').waitFor()
      const translate = dialog.locator('.ai-template').filter({ hasText: 'Translate' })
      assert.equal(
        await translate.getByRole('button', { name: 'Apply' }).getAttribute('aria-disabled'),
        'true'
      )
      await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'detached' })

      /* the OpenAI-compatible double configured: apply "Add a mnemonic", see the result, keep it */
      useAiDouble('openai')
      scriptAi({
        text: '{"Front": "the house", "Back": "das Haus<br><i>Mnemonic: a <b>house</b> has a <b>Haus</b>-key</i>"}',
      })
      await page.getByRole('button', { name: 'AI templates' }).click()
      await dialog.getByText('AI provider: openai').waitFor()
      await dialog
        .locator('.ai-template')
        .filter({ hasText: 'Add a mnemonic' })
        .getByRole('button', { name: 'Apply' })
        .click()
      await dialog.getByText('The card after “Add a mnemonic”').waitFor()
      assert.include(
        await dialog.locator('.ai-template-result').innerText(),
        'Mnemonic: a house has a Haus-key'
      )
      assert.include(aiState.calls[0].body.messages[1].content, '"Back":"<p>das Haus</p>"')
      await dialog.getByRole('button', { name: 'Use these fields' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByText('The fields were replaced').first().waitFor()
      const back = page.getByRole('textbox', { name: 'Back', exact: true })
      assert.include(await back.innerText(), 'Mnemonic: a house has a Haus-key')

      /* a template of one's own, created in the popup, is listed with the built-ins */
      await page.getByRole('button', { name: 'AI templates' }).click()
      await dialog.getByRole('button', { name: 'New template' }).click()
      await dialog.getByLabel('Name').fill('Plural')
      await dialog.getByLabel('Prompt').fill('Add the German plural to the back.')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await dialog.locator('.ai-template').filter({ hasText: 'Plural' }).waitFor()
      await dialog.getByRole('button', { name: 'Close' }).click()

      /* the card saved holds what the template wrote */
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/decks\/\d+\/notes$/.test(response.url())
      )
      /* watched from before the click: the toast lasts 3 s, which a busy machine can spend before a later look */
      const toasted = page.getByText('Card added').first().waitFor()
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await saved
      await toasted
      const [note] = await Note.query().where('deck_id', deck.id)
      assert.include(JSON.stringify(note.fields), 'Mnemonic: a <b>house</b> has a <b>Haus</b>-key')
    }
  )
})
