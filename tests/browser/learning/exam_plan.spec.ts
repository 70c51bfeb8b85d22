/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'
import { addDays, studyDay } from '#scheduling/study_day'

/*
 * Exam mode from the browser: the owner of a 12-card deck sets an exam six
 * days out with at most 3 new cards a day on the settings tab, the deck page
 * shows the plan (12 cards to learn, the reviews of each day, the predicted
 * retention, and the warning: 6 a day would be needed), and the study
 * session offers the plan's 3 new cards; one is studied, then found again in
 * the card browser by a search with three operators.
 */
test.group('Exam mode in the browser', (group) => {
  group.each.setup(() => resetState())

  test('set an exam date on a deck, see the plan, study a card, find it by a search with three operators', async ({
    visit,
    assert,
    cleanup,
  }) => {
    const { user, deck } = await learnerWithCards(12)
    const page = await hydrated(await visit('/sign-in'))
    cleanup(async (error) => {
      if (error)
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'exam_plan.png'),
          fullPage: true,
        })
    })
    await signInWithForm(page, 'ana@example.test')

    const examDate = addDays(studyDay(new Date(), user.timezoneOffset ?? 0), 6)
    await open(page, `/decks/${deck.id}?tab=settings`)
    const form = page.locator('form.exam-settings')
    await form.getByLabel('Exam date').fill(examDate)
    await form.getByLabel('At most this many new cards a day').fill('3')
    await form.getByRole('button', { name: 'Save the exam' }).click()
    await page.getByText('Deck saved').waitFor()

    const stored = await db.from('decks').where('id', deck.id).first()
    assert.equal(stored.exam_date, examDate)
    assert.equal(stored.exam_new_cards_ceiling, 3)

    await page.getByRole('link', { name: 'General' }).click()
    const plan = page.getByRole('region', { name: 'Exam plan' })
    await plan.waitFor()
    /* the date as the learner reads dates, not the stored ISO day */
    const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${examDate}T00:00:00Z`)
    )
    assert.include(await plan.innerText(), `Exam on ${longDate}: 6 days left.`)
    assert.equal(await plan.getByTestId('exam-cards-to-learn').innerText(), '12')
    assert.match(await plan.getByTestId('exam-predicted-retention').innerText(), /^\d+(\.\d)? %$/)
    assert.include(
      await plan.getByRole('alert').innerText(),
      'it needs 6 new cards a day, and your ceiling is 3'
    )
    assert.lengthOf(await plan.locator('.exam-plan-days tbody tr').all(), 6)

    await page.getByRole('link', { name: 'Study', exact: true }).click()
    await page.locator('.learn-card[data-side="front"]').waitFor()
    /* the plan's pace, not the deck's 20 new cards a day */
    assert.equal(await page.locator('[data-counter="new"] .learn-count-value').innerText(), '3')
    await page.keyboard.press('Space')
    await page.locator('.learn-card[data-side="back"]').waitFor()
    await page.keyboard.press('3')
    await page
      .locator('[data-counter="new"] .learn-count-value')
      .filter({ hasText: /^2$/ })
      .waitFor()
    assert.equal(
      Number((await db.from('review_logs').where('user_id', user.id).count('* as n').first()).n),
      1
    )

    /* the card just studied, found among the deck's twelve: deck, not new, answered today */
    const [studied] = await db.from('review_logs').where('user_id', user.id).select('card_id')
    const note = await db
      .from('cards')
      .join('notes', 'notes.id', 'cards.note_id')
      .where('cards.id', studied.card_id)
      .select('notes.fields')
      .first()
    await open(page, '/cards')
    const box = page.getByRole('searchbox', { name: 'Search cards' })
    await box.fill('deck:"Capitals" -is:new rated:1')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByText('1 card', { exact: true }).waitFor()
    /* the sort field column shows the card's text as it sorts (lower case) */
    assert.include(
      (await page.locator('.browser-table tbody').innerText()).toLowerCase(),
      String(note.fields.Front).toLowerCase()
    )
  })
})
