/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { refreshStreak } from '#actions/study/refresh_streak'
import User from '#models/user'

/** Shows the answer of the card in front, then answers Easy. */
async function answerEasy(page: Page) {
  await page.locator('.learn-card[data-side="front"]').waitFor()
  await page.keyboard.press('Space')
  await page.locator('.learn-card[data-side="back"]').waitFor()
  await page.keyboard.press('4')
}

/** Active days (5 cards studied) `daysAgo` before the learner's today, with the stored streak brought in line. */
async function activeDaysBefore(user: User, ...daysAgo: number[]) {
  const today = DateTime.fromISO(user.today())
  for (const days of daysAgo)
    await db
      .table('study_days')
      .insert({ user_id: user.id, day: today.minus({ days }).toISODate(), cards_studied: 5 })
  await refreshStreak(user.id, user.today())
}

/**
 * The session's end: the complete screen, with the streak popup closed when it shows (it does on the day's
 * first end).
 */
async function completeScreen(page: Page, streakPopup: string) {
  await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
  const popup = page.getByRole('dialog', { name: streakPopup })
  await popup.waitFor()
  await popup.getByRole('button', { name: 'Continue' }).click()
  await popup.waitFor({ state: 'detached' })
}

test.group('The feedback request in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'the session that makes the third active day ends with the request; a rating is kept with where it came ' +
      'from, and no browser asks again',
    async ({ visit, browser, assert, cleanup }) => {
      const { user, deck } = await learnerWithCards(5)
      await activeDaysBefore(user, 2, 1)
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'feedback_request.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/learn`)
      for (let index = 0; index < 5; index++) await answerEasy(page)
      await completeScreen(page, '3 days in a row!')

      const request = page.getByTestId('feedback-request')
      await request.getByText('How is Mnemo working for you?').waitFor()
      await request.getByRole('button', { name: '4 stars' }).click()
      await request
        .getByRole('status')
        .filter({ hasText: 'Thank you for your feedback!' })
        .waitFor()
      assert.equal(await request.getByRole('button', { name: 'Not now' }).count(), 0)
      const ratings = await db
        .from('app_ratings')
        .where('user_id', user.id)
        .select('feedback_type', 'prefix')
      assert.deepEqual(ratings, [{ feedback_type: 'a_lot', prefix: 'web_session_complete' }])
      await user.refresh()
      assert.equal(user.feedbackRequestState, 'answered')

      /* another browser: the session's end asks nothing */
      const other = await browser.newContext({
        baseURL: `http://${process.env.HOST}:${process.env.PORT}`,
      })
      cleanup(() => other.close())
      const second = await other.newPage()
      await second.goto('/sign-in')
      await hydrated(second)
      await signInWithForm(second, 'ana@example.test')
      await open(second, `/decks/${deck.id}/learn`)
      await second.getByRole('heading', { name: 'Congratulations!' }).waitFor()
      assert.equal(await second.getByTestId('feedback-request').count(), 0)
    }
  )

  test(
    'before the third active day nothing asks; "Not now" closes the request for good, on another ' +
      'browser too',
    async ({ visit, browser, assert }) => {
      const { user, deck } = await learnerWithCards(5)
      await activeDaysBefore(user, 1)
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/learn`)
      for (let index = 0; index < 5; index++) await answerEasy(page)
      await completeScreen(page, '2 days in a row!')
      assert.equal(
        await page.getByTestId('feedback-request').count(),
        0,
        'two active days: not yet'
      )

      /* a third active day (one further back): the next end asks */
      await activeDaysBefore(user, 2)
      await open(page, `/decks/${deck.id}/learn`)
      const request = page.getByTestId('feedback-request')
      await request.getByText('How is Mnemo working for you?').waitFor()
      const dismissed = page.waitForResponse(
        (response) =>
          response.url().endsWith('/feedback/request/dismiss') && response.status() === 204
      )
      await request.getByRole('button', { name: 'Not now' }).click()
      await dismissed
      assert.equal(await request.count(), 0)
      assert.equal((await User.findOrFail(user.id)).feedbackRequestState, 'dismissed')
      assert.equal(Number((await db.from('app_ratings').count('* as n').first()).n), 0)

      await open(page, `/decks/${deck.id}/learn`)
      await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
      assert.equal(await request.count(), 0, 'not on this browser')
      const other = await browser.newContext({
        baseURL: `http://${process.env.HOST}:${process.env.PORT}`,
      })
      try {
        const second = await other.newPage()
        await second.goto('/sign-in')
        await hydrated(second)
        await signInWithForm(second, 'ana@example.test')
        await open(second, `/decks/${deck.id}/learn`)
        await second.getByRole('heading', { name: 'Congratulations!' }).waitFor()
        assert.equal(await second.getByTestId('feedback-request').count(), 0, 'nor on another')
      } finally {
        await other.close()
      }
    }
  )
})
