/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { solidPngImg } from '#tests/support/images'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'

test.group('Pictures on studied cards', (group) => {
  group.each.setup(() => resetState())

  test('a tall picture on both sides leaves the answer buttons in view at 1280×800', async ({
    visit,
    assert,
  }) => {
    const { user } = await learnerWithCards(0)
    const deck = await createDeck(user, { name: 'Maps' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        {
          front: `Where is it? ${solidPngImg(1200, 1600)}`,
          back: `Here ${solidPngImg(900, 1400)}`,
        },
      ],
    })
    const page = await hydrated(await visit('/sign-in'))
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    await page.frameLocator('.learn-card iframe').getByText('Where is it?').waitFor()
    await page.keyboard.press('Space')
    await page.frameLocator('.learn-card[data-side="back"] iframe').getByText('Here').waitFor()

    const pictures = await page
      .frameLocator('.learn-card iframe')
      .locator('img')
      .evaluateAll((images) =>
        Promise.all(
          images.map(async (image) => {
            await (image as HTMLImageElement).decode()
            return image.getBoundingClientRect().height
          })
        )
      )
    assert.lengthOf(pictures, 2)
    for (const height of pictures) assert.isAtMost(height, 320)

    const easy = page.getByRole('button', { name: /Easy/ })
    await easy.waitFor()
    const box = (await easy.boundingBox())!
    assert.equal(await page.evaluate(() => window.scrollY), 0)
    assert.isAtMost(box.y + box.height, 800)
  })
})
