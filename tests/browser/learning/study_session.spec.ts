/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import NoteType from '#models/note_type'
import User from '#models/user'

const reviewCount = async (userId: number) =>
  Number((await db.from('review_logs').where('user_id', userId).count('* as n').first()).n)

/* the card shown, front up, and not the one just answered */
async function nextFront(page: Page, previous: string | null) {
  const front = page.locator(
    previous
      ? `.learn-card[data-side="front"]:not([data-card-id="${previous}"])`
      : '.learn-card[data-side="front"]'
  )
  await front.waitFor()
  return (await front.getAttribute('data-card-id'))!
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('name') ?? '')

test.group('Learning in the browser', (group) => {
  group.each.setup(() => resetState())

  test('a new learner studies a 10-card deck with the keyboard alone, and the streak and statistics move', async ({
    visit,
    assert,
    cleanup,
  }) => {
    /* a new learner and a new deck: nine basic notes and a type-in note in the middle */
    const user = await makeUser({ email: 'ana@example.test' })
    const deck = await createDeck(user, { name: 'Anatomy' })
    const typeIn = await NoteType.query()
      .whereNull('user_id')
      .where('kind', 'type_in')
      .firstOrFail()
    const basics = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) => ({
        front: `Question ${from + index}`,
        back: `Answer ${from + index}`,
      }))
    await bulkCreateNotes(user, { deck_id: deck.id, import_data: basics(1, 4) })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Longest bone of the body', back: 'Femur' }],
      template_id: typeIn.id,
    })
    await bulkCreateNotes(user, { deck_id: deck.id, import_data: basics(6, 10) })

    const page = await hydrated(await visit('/sign-in'))
    /* when a step fails: a screenshot, and what the page did until then */
    const story: string[] = []
    page.on('console', (message) => story.push(`console.${message.type()} ${message.text()}`))
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && story.push(`visit ${frame.url()}`)
    )
    page.on(
      'response',
      (response) =>
        response.url().includes('/learn') &&
        story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
    )
    cleanup(async (error) => {
      if (!error) return
      await page.screenshot({
        path: app.makePath('tmp', 'browser', 'study_session.png'),
        fullPage: true,
      })
      console.error(story.join('\n'))
    })
    await signInWithForm(page, 'ana@example.test')

    /* the deck page's Study button opens the session; the first-time tutorial comes first */
    await open(page, `/decks/${deck.id}`)
    await page.getByRole('link', { name: 'Study', exact: true }).click()
    const tutorial = page.getByRole('dialog', { name: 'How learning works' })
    await tutorial.waitFor()
    assert.include(await tutorial.innerText(), 'Undo the last answer')
    await page.waitForFunction(() => document.activeElement?.textContent === 'Start learning')
    const seen = page.waitForResponse((response) => response.url().endsWith('/learn/tutorial_seen'))
    await page.keyboard.press('Enter')
    assert.equal((await seen).status(), 204)
    await tutorial.waitFor({ state: 'detached' })
    assert.isTrue((await User.findOrFail(user.id)).learningTutorialSeen)

    const counter = (kind: 'new' | 'learning' | 'graduated') =>
      page.locator(`[data-counter="${kind}"] .learn-count-value`)
    assert.equal(await counter('new').innerText(), '10')

    /* the first card: Space shows the answer and the four buttons with their repeat texts; Easy (4) graduates it */
    const first = await nextFront(page, null)
    await page.frameLocator('.learn-card iframe').getByText('Question 1').waitFor()
    await page.keyboard.press('Space')
    await page.locator('.learn-card[data-side="back"]').waitFor()
    await page.frameLocator('.learn-card iframe').getByText('Answer 1').waitFor()
    const buttons = page.getByRole('group', { name: 'How well did you know it?' })
    assert.deepEqual(await buttons.locator('.learn-answer-label').allInnerTexts(), [
      'Again',
      'Hard',
      'Good',
      'Easy',
    ])
    assert.deepEqual(await buttons.locator('.learn-answer-repeat').allInnerTexts(), [
      '<1m',
      '8m',
      '15m',
      '4d',
    ])
    await page.keyboard.press('4')
    const second = await nextFront(page, first)
    await counter('new').filter({ hasText: /^9$/ }).waitFor()

    /* Z takes the answer back: the first card is shown again, its review is gone */
    await page.keyboard.press('z')
    await page.locator(`.learn-card[data-side="front"][data-card-id="${first}"]`).waitFor()
    await counter('new').filter({ hasText: /^10$/ }).waitFor()
    assert.equal(await reviewCount(user.id), 0)
    assert.notEqual(second, first)

    /* every card in turn: Space then 4; the type-in card is typed (one letter wrong) and compared */
    let previous: string | null = null
    let typedCards = 0
    for (let shown = 0; shown < 10; shown++) {
      const id = await nextFront(page, previous)
      if (await page.locator('input[name="type-in"]').count()) {
        await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'type-in')
        await page.keyboard.type('Femor')
        await page.keyboard.press('Enter')
        const comparison = page.getByRole('region', { name: 'Your answer compared' })
        await comparison.waitFor()
        assert.equal(
          await comparison.locator('[data-line="typed"] [data-mark="bad"]').innerText(),
          'o'
        )
        assert.equal(
          await comparison.locator('[data-line="expected"] [data-mark="missed"]').innerText(),
          'u'
        )
        assert.equal(await comparison.locator('[data-line="expected"]').innerText(), 'Femur')
        assert.include(await comparison.innerText(), 'Not quite right')
        assert.notEqual(
          await focusedName(page),
          'type-in',
          'the answer keys work once the answer is shown'
        )
        typedCards++
      } else {
        await page.keyboard.press('Space')
        await page.locator(`.learn-card[data-side="back"][data-card-id="${id}"]`).waitFor()
      }
      await page.keyboard.press('4')
      previous = id
    }
    assert.equal(typedCards, 1)

    /* the learning-complete screen, and the streak popup: ten cards make today an active day */
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
    assert.equal(
      await page.getByTestId('studied-count').innerText(),
      '10 cards studied in this session'
    )
    const popup = page.getByRole('dialog', { name: '1 day in a row!' })
    await popup.waitFor()
    await page.keyboard.press('Escape')
    await popup.waitFor({ state: 'detached' })
    assert.equal(await reviewCount(user.id), 10)
    const states = await db.from('card_progress').where('user_id', user.id).select('state')
    assert.deepEqual([...new Set(states.map((row) => row.state))], ['review'])
    assert.lengthOf(states, 10)

    /* Enter goes back to the decks */
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Welcome, Test User' }).waitFor()

    await open(page, '/streak')
    await page.locator('.streak-current .stat-value').filter({ hasText: '1 day' }).waitFor()
    assert.include(
      await page.getByRole('status').filter({ hasText: 'Today counts' }).innerText(),
      'you studied 5 cards or more'
    )

    await open(page, '/statistics')
    await page.getByText('10 reviews on 1 day').waitFor()
    assert.equal(await page.locator('rect.heat-cell[aria-label$=": 10 reviews"]').count(), 1)
    /* the forecast's caption is two sentences, each with its full stop */
    assert.match(
      await page.locator('figcaption:has([data-testid="forecast-balance"])').innerText(),
      /in 30 days, (none of them overdue|\d+ overdue and counted today)\. Reviews are spread/
    )
  })

  test(
    'the card shown can be edited in place, looked up, frozen and removed; a learning card comes ' +
      'back to finish',
    async ({ visit, assert, cleanup }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      user.learningTutorialSeen = true
      await user.save()
      const deck = await createDeck(user, { name: 'Tools' })
      const notes = await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [1, 2, 3, 4].map((n) => ({ front: `Question ${n}`, back: `Answer ${n}` })),
      })

      const page = await hydrated(await visit('/sign-in'))
      const story: string[] = []
      page.on('console', (message) => story.push(`console.${message.type()} ${message.text()}`))
      page.on(
        'response',
        (response) =>
          response.url().includes('/learn') &&
          story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      )
      cleanup(async (error) => {
        if (!error) return
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'study_tools.png'),
          fullPage: true,
        })
        console.error(story.join('\n'))
      })
      await signInWithForm(page, 'ana@example.test')
      await open(page, `/decks/${deck.id}/learn`)
      const frame = page.frameLocator('.learn-card iframe')
      const first = await nextFront(page, null)
      await frame.getByText('Question 1').waitFor()
      assert.equal(await page.getByRole('dialog').count(), 0, 'the tutorial was seen before')

      /* E edits the note in place: the card shown is rendered again with the new text */
      await page.keyboard.press('e')
      const editor = page.getByRole('dialog', { name: 'Edit card' })
      await editor.getByRole('textbox', { name: 'Front' }).waitFor()
      assert.equal(await editor.getByRole('textbox', { name: 'Back' }).innerText(), 'Answer 1')
      await editor.getByRole('textbox', { name: 'Front' }).fill('Question one, edited')
      await editor.getByRole('button', { name: 'Save' }).click()
      await editor.waitFor({ state: 'detached' })
      await frame.getByText('Question one, edited').waitFor()
      /* saved as the notes editor saves a field: its HTML */
      assert.equal(
        (await db.from('notes').where('id', notes[0].id).first()).fields.Front,
        '<p>Question one, edited</p>'
      )

      /* the card sheet; closed, the keys are the page's again (Space is not a click on the focused button) */
      await page.getByRole('button', { name: 'Card info' }).click()
      const sheet = page.getByRole('dialog', { name: 'Card info' })
      await sheet.getByText('Not studied yet.').waitFor()
      await page.keyboard.press('Escape')
      await sheet.waitFor({ state: 'detached' })
      await page.keyboard.press('Space')
      await page.locator(`.learn-card[data-side="back"][data-card-id="${first}"]`).waitFor()
      assert.equal(await page.getByRole('dialog').count(), 0)
      await page.keyboard.press('3')

      /* freeze: the card goes at once and stays out of study */
      const second = await nextFront(page, first)
      await frame.getByText('Question 2').waitFor()
      await page.getByRole('button', { name: 'Freeze' }).click()
      await page.locator('.toast').filter({ hasText: 'Card frozen' }).waitFor()
      const progress = await db
        .from('card_progress')
        .where({ user_id: user.id, card_id: Number(second) })
        .first()
      assert.isTrue(progress.frozen)

      /* remove says what it does, then takes the card out of study: nothing is deleted */
      await frame.getByText('Question 3').waitFor()
      await page.getByRole('button', { name: 'Remove' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Remove this card from study?' })
      await confirm.getByRole('button', { name: 'Remove from study' }).click()
      await page.locator('.toast').filter({ hasText: 'Card removed from study' }).waitFor()
      assert.isNotNull(await db.from('notes').where('id', notes[2].id).first())

      /*
       * the last new card, then the first one, answered Good before, comes back early rather than making the
       * learner wait
       */
      await frame.getByText('Question 4').waitFor()
      /* a click into the card's frame leaves the keys working */
      await frame.getByText('Question 4').click()
      await page.keyboard.press('Space')
      await page.locator('.learn-card[data-side="back"]').waitFor()
      await page.keyboard.press('4')
      await page.locator(`.learn-card[data-side="front"][data-card-id="${first}"]`).waitFor()
      await page.keyboard.press('Space')
      await page.locator(`.learn-card[data-side="back"][data-card-id="${first}"]`).waitFor()
      await page.keyboard.press('3')
      await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
      /* the first card was answered twice: two cards studied, three answers */
      assert.equal(
        await page.getByTestId('studied-count').innerText(),
        '2 cards studied in this session'
      )
      assert.equal(await page.getByTestId('answers-count').innerText(), '3 answers given')
      const states = await db
        .from('card_progress')
        .where('user_id', user.id)
        .orderBy('card_id')
        .select('card_id', 'state', 'frozen')
      assert.deepEqual(
        states.map((row) => [row.state, row.frozen]),
        [
          ['review', false],
          ['new', true],
          ['review', false],
        ]
      )
    }
  )
})
