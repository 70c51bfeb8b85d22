/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { addDays } from '#scheduling/study_day'
import {
  cards,
  deck,
  during,
  progress,
  reviewLogs,
  todayOf,
} from '#tests/functional/api/study/support'

test.group("The statistics page's charts in the browser", (group) => {
  group.each.setup(() => resetState())

  test('answer buttons, answers by hour, intervals and retention by card age, readable at phone width', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    const today = todayOf(user)
    const main = await deck(user, 'Anatomy')
    const [a, b] = await cards(user, main.id, ['a', 'b'])
    await reviewLogs(user, [
      { card: a, day: today, answer: 'again', kind: 'learn' },
      { card: a, day: today, answer: 'good', kind: 'learn' },
      { card: b, day: addDays(today, -3), answer: 'good', intervalBefore: 30, times: 3 },
      { card: b, day: today, answer: 'again', intervalBefore: 30 },
    ])
    await progress(user.id, [
      { card: b, state: 'relearning', dueAt: during(user, addDays(today, 1)), intervalDays: 12 },
    ])

    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    await page.setViewportSize({ width: 390, height: 800 })
    await open(page, '/statistics')

    const buttons = page.getByRole('table', {
      name: 'Answer buttons in the last 30 days, by kind of card',
    })
    const row = async (name: string) =>
      (
        await buttons
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .getByRole('cell')
          .allInnerTexts()
      ).map((text) => text.trim())
    assert.deepEqual(await row('Learning'), ['1', '0', '1', '0', '50%'])
    assert.deepEqual(await row('Mature'), ['1', '0', '3', '0', '75%'])
    /* the hour's bar says what it holds */
    const hour = String(during(user, today, 60).getUTCHours()).padStart(2, '0')
    await page
      .getByTestId('hourly')
      .getByText(`${hour}:00: 6 answers, 66.7% passed`)
      .waitFor({ state: 'attached' })

    const intervals = page.getByRole('table', {
      name: /^1 card in review; half of them come back within 12 days\./,
    })
    assert.deepEqual(
      (
        await intervals
          .getByRole('row', { name: /^7–13 days/ })
          .getByRole('cell')
          .allInnerTexts()
      ).map((text) => text.trim()),
      ['1']
    )
    const byAge = page.getByRole('table', { name: /^Retention by the card's age/ })
    assert.deepEqual(
      (
        await byAge
          .getByRole('row', { name: /^0–30 days/ })
          .getByRole('cell')
          .allInnerTexts()
      ).map((text) => text.trim()),
      ['75%', '4']
    )
    assert.isTrue(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the charts fit a phone'
    )
  })
})
