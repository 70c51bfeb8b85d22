/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

test.group("The study screen's headings", (group) => {
  group.each.setup(() => resetState())

  test('the deck studied is the one h1, with a card shown and once the session is done', async ({
    visit,
    assert,
  }) => {
    const { deck } = await learnerWithCards(1)
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    await page.frameLocator('.learn-card iframe').getByText('Country 1').waitFor()
    const main = page.getByRole('heading', { level: 1 })
    assert.deepEqual(await main.allInnerTexts(), ['‹ Capitals'])
    assert.equal(
      await page.getByRole('heading', { level: 1, name: 'Capitals', exact: true }).count(),
      1
    )

    await page.keyboard.press('Space')
    await page.keyboard.press('4')
    await page.getByRole('heading', { level: 2, name: 'Congratulations!' }).waitFor()
    assert.deepEqual(await main.allInnerTexts(), ['‹ Capitals'])
  })
})
