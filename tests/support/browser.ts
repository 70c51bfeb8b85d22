import type { Page } from 'playwright'
import { makeUser, PASSWORD } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

/** Waits until React has hydrated the server-rendered page (see app_layout.tsx). */
export async function hydrated(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  return page
}

/** A full page load, then hydration. */
export async function open(page: Page, path: string) {
  await page.goto(path)
  return hydrated(page)
}

/** Fills and submits the sign-in form the page shows; waits for the home page when `name` (the learner's) is given. */
export async function signInWithForm(
  page: Page,
  email: string,
  name: string | null = 'Test User',
  password = PASSWORD
) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  if (name) await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor()
}

/** A learner (ana@example.test, the study tutorial already seen) with a deck "Capitals" of `cards` Basic notes. */
export async function learnerWithCards(cards: number) {
  const user = await makeUser({ email: 'ana@example.test' })
  user.learningTutorialSeen = true
  await user.save()
  const deck = await createDeck(user, { name: 'Capitals' })
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: Array.from({ length: cards }, (_, index) => ({
      front: `Country ${index + 1}`,
      back: `Capital ${index + 1}`,
    })),
  })
  return { user, deck }
}

/**
 * The state each side's server-made audio shows in the editor, reloading the edit page until no side is
 * pending (the worker makes it).
 */
export async function settledSpeech(page: Page, noteId: number) {
  for (let attempt = 0; attempt < 60; attempt++) {
    await open(page, `/notes/${noteId}/edit`)
    const states = await page
      .locator('[data-testid="speech-status"] li')
      .evaluateAll((items) =>
        items.map((item) => `${item.getAttribute('data-side')}:${item.getAttribute('data-state')}`)
      )
    if (states.length === 2 && !states.some((state) => state.endsWith(':pending'))) return states
    await page.waitForTimeout(500)
  }
  throw new Error("the note's speech stayed pending")
}
