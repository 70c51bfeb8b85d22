/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser } from '#tests/support/helpers'
import { resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'

/*
 * A new learner's deck: 8 new cards, 4 in learning (answered Again a moment
 * ago) and 4 paused (frozen, overdue reviews). Home, the deck page and the
 * study screen show the same three numbers, each with its word.
 */
async function deckWithLearningAndPaused() {
  const user = await makeUser({ email: 'ana@example.test' })
  user.learningTutorialSeen = true
  await user.save()
  const deck = await createDeck(user, { name: 'Spanish' })
  await bulkCreateNotes(user, {
    deck_id: deck.id,
    import_data: Array.from({ length: 16 }, (_, index) => ({
      front: `Word ${index + 1}`,
      back: `Palabra ${index + 1}`,
    })),
  })
  const cards = await db.from('cards').where('deck_id', deck.id).orderBy('id').select('id')
  const now = new Date()
  const progress = (cardId: number, state: string, dueAt: Date, frozen: boolean) => ({
    user_id: user.id,
    card_id: cardId,
    deck_id: deck.id,
    state,
    due_at: dueAt,
    frozen,
    reps: 1,
    interval_days: state === 'review' ? 3 : 0,
    ease_permille: 2500,
    last_reviewed_at: new Date(now.getTime() - 60_000),
    created_at: now,
    updated_at: now,
  })
  await db
    .table('card_progress')
    .multiInsert([
      ...cards
        .slice(8, 12)
        .map((card) => progress(card.id, 'learning', new Date(now.getTime() - 1000), false)),
      ...cards
        .slice(12)
        .map((card) => progress(card.id, 'review', new Date(now.getTime() - 86_400_000), true)),
    ])
  return { user, deck }
}

/** The counts as a learner reads them: each number with the word shown next to it. */
async function countsIn(page: Page, scope: string) {
  const counts = page.locator(`${scope} .deck-counts`).first()
  const read = async (key: string) => {
    const count = counts.locator(`.count-${key}`)
    const label = count.locator('.count-value + span')
    /* a word clipped to a pixel for screen readers is not one a person reads */
    const box = await label.boundingBox()
    const readable = box !== null && box.width >= 12 && box.height >= 8
    return {
      value: await count.locator('.count-value').innerText(),
      label: readable ? await label.innerText() : '(not shown)',
    }
  }
  return { new: await read('new'), learning: await read('learning'), review: await read('review') }
}

const EXPECTED = {
  new: { value: '8', label: 'New' },
  learning: { value: '4', label: 'Learning' },
  review: { value: '0', label: 'Review' },
}

test.group('Deck counters in the browser', (group) => {
  group.each.setup(() => resetState())

  test('home, the deck page and the study screen show the same labelled counts, paused cards in none', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { deck } = await deckWithLearningAndPaused()
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'deck_counters.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    const row = `[data-deck-id="${deck.id}"]`
    assert.deepEqual(await countsIn(page, row), EXPECTED)
    assert.include(await page.locator(`${row} .count-total`).innerText(), '16 cards')

    /* on a phone the words stay on screen, inside the row */
    await page.setViewportSize({ width: 360, height: 740 })
    assert.deepEqual(await countsIn(page, row), EXPECTED)
    const rowBox = (await page.locator(`${row} > .deck-row`).boundingBox())!
    for (const key of ['new', 'learning', 'review']) {
      const box = (await page.locator(`${row} .count-${key} .count-label`).boundingBox())!
      assert.isAtMost(
        box.x + box.width,
        Math.min(360, rowBox.x + rowBox.width) + 0.5,
        `the ${key} label fits the row`
      )
    }
    assert.isAtMost(
      await page.evaluate(() => document.documentElement.scrollWidth),
      360,
      'nothing wider than the phone'
    )
    await page.setViewportSize({ width: 1280, height: 800 })

    await open(page, `/decks/${deck.id}`)
    assert.deepEqual(await countsIn(page, '.deck-header'), EXPECTED)
    const states = Object.fromEntries(
      await page
        .locator('.stats .stat')
        .evaluateAll((items) =>
          items.map((item) => [
            item.querySelector('dt')!.textContent,
            item.querySelector('dd')!.textContent,
          ])
        )
    )
    assert.deepEqual(states, {
      'New': '8',
      'Learning': '4',
      'Learned': '0',
      'Paused': '4',
      'Total cards': '16',
    })

    await page.getByRole('link', { name: 'Study', exact: true }).click()
    await page.locator('.learn-card').waitFor()
    const counter = async (kind: string) => ({
      value: await page.locator(`[data-counter="${kind}"] .learn-count-value`).innerText(),
      label: await page.locator(`[data-counter="${kind}"] .learn-count-label`).innerText(),
    })
    assert.deepEqual(
      {
        new: await counter('new'),
        learning: await counter('learning'),
        review: await counter('graduated'),
      },
      EXPECTED
    )
  })
})
