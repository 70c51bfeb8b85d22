/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { publishDeck, seedCategories } from '#tests/support/library'
import { rateLibraryDeck } from '#actions/library/rate_library_deck'
import { createDeck } from '#actions/decks/create_deck'
import { saveFolder } from '#actions/folders/save_folder'

/*
 * Emoji and symbols drawn as text are empty boxes on a system without an
 * emoji font (Debian's Chromium here has none): the app's own icons are
 * pictures. The learner's content (a folder's chosen emoji) is theirs.
 */
const PICTOGRAPH =
  /[\p{Extended_Pictographic}\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf]/gu

/** The pictographs the page shows as text, and how many icons it draws. */
async function glyphs(page: Page) {
  const text = await page.locator('body').innerText()
  return {
    pictographs: [...new Set(text.match(PICTOGRAPH) ?? [])],
    icons: await page.locator('svg.lucide').count(),
  }
}

async function visitAll(
  page: Page,
  paths: string[],
  prepare: Record<string, (page: Page) => Promise<unknown>> = {}
) {
  const found: Record<string, string[]> = {}
  for (const path of paths) {
    await open(page, path)
    await prepare[path]?.(page)
    const { pictographs, icons } = await glyphs(page)
    if (pictographs.length || !icons) found[path] = pictographs.length ? pictographs : ['no icon']
  }
  return found
}

test.group('Icons in the browser', (group) => {
  group.each.setup(() => resetState())

  test('the screens draw their icons, with no emoji or symbol as text', async ({
    visit,
    assert,
  }) => {
    const { user, deck } = await learnerWithCards(1)
    await createDeck(user, { name: 'Europe', parent_id: deck.id })
    const other = await createDeck(user, { name: 'Verbs' })
    await saveFolder(user, { name: 'Languages', assign_deck_ids: [other.id] })
    await seedCategories()
    const author = await makeUser({ name: 'Olga Owner' })
    const published = await publishDeck(author, { name: 'World rivers' })
    await rateLibraryDeck(await makeUser({ name: 'Rita Rater' }), {
      id: published.id,
      rating: 4,
      comment: 'Clear',
    })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')

    /* a session to its end: the study screen, the done screen, then the streak's screens */
    await open(page, `/decks/${deck.id}/learn`)
    await page.frameLocator('.learn-card iframe').getByText('Country 1').waitFor()
    assert.deepEqual(await glyphs(page).then((found) => found.pictographs), [])
    await page.keyboard.press('Space')
    await page.keyboard.press('4')
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
    assert.deepEqual(await glyphs(page).then((found) => found.pictographs), [])

    const found = await visitAll(
      page,
      [
        '/',
        `/decks/${deck.id}/notes/new`,
        '/cards?sort=due',
        '/streak',
        '/statistics',
        '/settings',
        `/library/decks/${published.slug}`,
      ],
      {
        '/cards?sort=due': (current) => current.locator('.browser-table').waitFor(),
      }
    )
    assert.deepEqual(found, {})

    /* a new learner's empty home */
    const fresh = await makeUser({ email: 'bo@example.test', name: 'Bo' })
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()
    await open(page, '/sign-in')
    await signInWithForm(page, fresh.email!, 'Bo')
    assert.deepEqual((await glyphs(page)).pictographs, [])
    assert.equal(await page.locator('.empty-state svg.lucide').count(), 1)
  })

  test('a folder keeps the emoji its learner chose', async ({ visit, assert }) => {
    const { user, deck } = await learnerWithCards(1)
    await saveFolder(user, { name: 'Travel', emoji_utf_16: '🌍', assign_deck_ids: [deck.id] })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    assert.equal(await page.locator('.folder-emoji').innerText(), '🌍')
  })
})
