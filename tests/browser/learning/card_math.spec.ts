/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'

/* Issue 33: KaTeX is loaded by the first card that holds math, not by every study page */
test.group('Math on studied cards', (group) => {
  group.each.setup(() => resetState())

  test("a card without math loads no KaTeX; the next card's \\(…\\) is drawn by KaTeX once it is loaded", async ({
    visit,
    assert,
  }) => {
    const { user } = await learnerWithCards(0)
    const deck = await createDeck(user, { name: 'Algebra' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        { front: 'Plain words first', back: 'nothing to draw' },
        { front: 'Area: \\(\\pi r^2\\)', back: 'of a circle' },
      ],
    })
    const page = await hydrated(await visit('/sign-in'))
    const katexRequests: string[] = []
    page.on('request', (request) => {
      /* in development Vite serves the stylesheet's address as a module of its own (?url): not KaTeX itself */
      if (/katex/i.test(request.url()) && !request.url().includes('?url'))
        katexRequests.push(request.url())
    })
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)
    const front = page.frameLocator('.learn-card[data-side="front"] iframe')
    await front.getByText('Plain words first').waitFor()
    assert.deepEqual(katexRequests, [])

    await page.keyboard.press('Space')
    await page.getByRole('button', { name: /Good/ }).click()
    const math = page.frameLocator('.learn-card[data-side="front"] iframe').locator('.katex')
    await math.first().waitFor()
    assert.include(await math.first().innerText(), 'π')
    /* the script and the stylesheet, fetched only now */
    assert.isTrue(katexRequests.some((url) => url.endsWith('.css')))
    assert.isTrue(katexRequests.some((url) => /\.js(\?|$)/.test(url)))
  })
})
