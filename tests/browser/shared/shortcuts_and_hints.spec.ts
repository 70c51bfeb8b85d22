/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm, learnerWithCards } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { publishDeck } from '#tests/support/library'

test.group("The spec's remaining shortcuts and the card-preview hint", (group) => {
  group.each.setup(() => resetState())

  test(
    "arrows page a library deck's preview; Mod+F goes to the page's search; I picks image occlusion; the " +
      'preview hint shows three times',
    async ({ visit, assert }) => {
      const { user, deck } = await learnerWithCards(1)
      const published = await publishDeck(user, {
        name: 'Bones',
        notes: Array.from({ length: 45 }, (_, index) => `bone ${index + 1}`),
      })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')

      /* the deck preview: → the next 20 notes, ← back */
      await open(page, `/library/decks/${published.slug}`)
      await page.getByText('bone 1 front 1', { exact: true }).waitFor()
      await page.keyboard.press('ArrowRight')
      await page.getByText('bone 21 front 21', { exact: true }).waitFor()
      assert.include(page.url(), 'offset=20')
      await page.keyboard.press('ArrowLeft')
      await page.getByText('bone 1 front 1', { exact: true }).waitFor()

      /* Mod+F: the card browser's own search box */
      await open(page, '/cards')
      await page.locator('body').click()
      await page.keyboard.press('Control+f')
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'browser-q')

      /* the notes editor: the hint on the first three previews only; I (outside the fields) picks image occlusion */
      const seen: boolean[] = []
      for (let visitCount = 0; visitCount < 4; visitCount++) {
        await open(page, `/decks/${deck.id}/notes/new`)
        const front = page.getByRole('textbox', { name: 'Front', exact: true })
        await front.click()
        await page.keyboard.insertText(`question ${visitCount}`)
        await page.getByRole('group', { name: 'Preview' }).waitFor()
        seen.push((await page.getByTestId('preview-hint').count()) === 1)
      }
      assert.deepEqual(seen, [true, true, true, false])
      await page.getByRole('heading').first().click()
      await page.keyboard.press('i')
      assert.equal(
        await page.getByLabel('Note type').locator('option:checked').innerText(),
        'Image Occlusion (Premium)'
      )
    }
  )
})
