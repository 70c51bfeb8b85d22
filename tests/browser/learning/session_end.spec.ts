/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm, learnerWithCards } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

/** Shows the answer of the card in front, then answers with the key given. */
async function answerWith(page: Page, key: string) {
  await page.locator('.learn-card[data-side="front"]').waitFor()
  await page.keyboard.press('Space')
  await page.locator('.learn-card[data-side="back"]').waitFor()
  await page.keyboard.press(key)
}

test.group('The end of a study session in the browser', (group) => {
  group.each.setup(() => resetState())

  test('the complete screen counts cards, not answers; Enter with the streak popup in front goes home at once', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { deck } = await learnerWithCards(5)
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'session_end.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')
    await open(page, `/decks/${deck.id}/learn`)

    /* five cards missed once (Again), then each back a minute later and known (Easy): ten answers, five cards */
    for (let index = 0; index < 5; index++) await answerWith(page, '1')
    for (let index = 0; index < 5; index++) await answerWith(page, '4')
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
    assert.equal(
      await page.getByTestId('studied-count').innerText(),
      '5 cards studied in this session'
    )
    assert.equal(await page.getByTestId('answers-count').innerText(), '10 answers given')

    /* five cards make today an active day: the streak popup comes up over the screen, and one Enter goes home */
    const popup = page.getByRole('dialog', { name: '1 day in a row!' })
    await popup.waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Welcome, Test User' }).waitFor()
    assert.equal(new URL(page.url()).pathname, '/')
    assert.equal(await popup.count(), 0)
  })

  test(
    'the daily new-card limit holds while the page fetches ahead: 3 new cards a day, 3 studied, ' +
      'then the end',
    async ({ visit, assert }) => {
      const { user, deck } = await learnerWithCards(10)
      await db.from('decks').where('id', deck.id).update({ new_cards_per_day: 3 })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      const fetched: string[] = []
      page.on(
        'response',
        (response) =>
          response.url().includes(`/learn/${deck.id}/cards`) && fetched.push(response.url())
      )
      await open(page, `/decks/${deck.id}/learn`)
      assert.equal(await page.locator('[data-counter="new"] .learn-count-value').innerText(), '3')

      /* Good (3) keeps each card in learning for today: the page holds them and fetches ahead as the session goes */
      for (let index = 0; index < 3; index++) await answerWith(page, '3')
      for (let index = 0; index < 3; index++) await answerWith(page, '4')
      await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
      assert.equal(
        await page.getByTestId('studied-count').innerText(),
        '3 cards studied in this session'
      )
      const newCards = await db
        .from('review_logs')
        .where({ user_id: user.id, state_before: 'new' })
        .countDistinct('card_id as n')
        .first()
      assert.equal(Number(newCards.n), 3)
      assert.isAbove(fetched.length, 0, 'the page fetched ahead during the session')
    }
  )

  test(
    'the referral toast comes after a session; "Not now" hides it for good; Invite says so when the ' +
      'programme cannot load',
    async ({ visit, assert }) => {
      const { deck } = await learnerWithCards(2)
      const page = await hydrated(await visit('/sign-in'))
      /*
       * Cello's script cannot be reached from here (as when it is blocked): the toast says the programme could
       * not open
       */
      await page.route('https://assets.cello.so/**', (route) => route.abort())
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/learn`)
      for (let index = 0; index < 2; index++) await answerWith(page, '4')
      const toast = page.getByTestId('referral-toast')
      await toast.waitFor()
      const tokenAsked = page.waitForResponse(
        (response) =>
          response.url().endsWith('/account/referral_token') && response.status() === 200
      )
      await toast.getByRole('button', { name: 'Invite friends' }).click()
      await tokenAsked
      await toast.getByRole('alert').waitFor()
      assert.include(await toast.getByRole('alert').innerText(), 'could not be opened')
      await toast.getByRole('button', { name: 'Not now' }).click()
      assert.equal(await toast.count(), 0)
      /* the next session's end: still hidden */
      await page.reload()
      await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
      assert.equal(await page.getByTestId('referral-toast').count(), 0)
    }
  )
})
