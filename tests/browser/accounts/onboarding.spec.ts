/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { seedStarterDecks } from '#database/starter_decks'
import User from '#models/user'
import { setFlag } from '#services/remote_flags'

/*
 * "A new learner studies a first card within a minute of arriving", in
 * simulated time: every action a person takes (a tap, a key, a typed
 * field) is counted as 3 seconds of their time, and the whole walk from
 * the first visit to the first answered card must stay under 60 seconds.
 * The clock the test runs on plays no part.
 */
const SECONDS_PER_ACTION = 3

function actions(page: Page) {
  let count = 0
  return {
    click: async (name: string | RegExp, role: 'button' | 'link' = 'button') => {
      count++
      await page.getByRole(role, { name, exact: typeof name === 'string' }).click()
    },
    press: async (key: string) => {
      count++
      await page.keyboard.press(key)
    },
    get seconds() {
      return count * SECONDS_PER_ACTION
    },
  }
}

test.group('Onboarding in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'from the first visit to the first studied card on a phone: questions, suggestions, paywall, ' +
      'first deck',
    async ({ visit, assert, cleanup }) => {
      /* a new install: the starter decks are the library */
      const moderator = await makeUser({ email: 'moderator@example.test' })
      moderator.isAdmin = true
      await moderator.save()
      await seedStarterDecks(moderator)
      const page = await visit('/get-started')
      await page.setViewportSize({ width: 390, height: 844 })
      await hydrated(page)
      const story: string[] = []
      page.on(
        'framenavigated',
        (frame) => frame === page.mainFrame() && story.push(`visit ${frame.url()}`)
      )
      page.on(
        'response',
        (response) =>
          response.request().method() !== 'GET' &&
          story.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      )
      cleanup(async (error) => {
        if (!error) return
        await page.screenshot({
          path: app.makePath('tmp', 'browser', 'onboarding.png'),
          fullPage: true,
        })
        console.error(story.join('\n'))
      })
      const act = actions(page)

      /* the first visit: no account yet; a guest goes straight to the onboarding */
      await act.click('Continue without an account')
      await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
      assert.match(page.url(), /\/onboarding$/)
      /* a phone: the answers fill the width */
      const option = await page.getByRole('button', { name: '25 to 34' }).boundingBox()
      assert.isAbove(option!.width, 300)

      await act.click('25 to 34')
      await act.click('Start')
      await act.click('After a few days')
      await act.click('A little every day')
      await act.click('Learn languages')
      await page.getByRole('heading', { name: 'Which languages?' }).waitFor()
      await act.click('Spanish')
      await act.click('Beginner')
      await act.click('Travel phrases')
      await act.click('To travel')
      await act.click('10 minutes')
      await act.click('Evening (18:00)')
      await act.click('Yes, remind me')
      /* the personalising loader stores the answers, then the explainers */
      await page.getByRole('heading', { name: 'How Mnemo helps you remember' }).waitFor()
      await act.click('Show my decks')
      await page.getByRole('heading', { name: 'Decks picked for you' }).waitFor()
      const first = page.locator('.onboarding-deck').first()
      assert.equal(await first.getByRole('heading').innerText(), 'Spanish basics: first phrases')
      await act.click('Study Spanish basics: first phrases')
      /* the paywall, then on for free */
      await page.getByRole('heading', { name: 'Go Premium' }).waitFor()
      await act.click('Continue for free')

      /* the first deck is the learner's own copy, studied at once */
      const tutorial = page.getByRole('dialog', { name: 'How learning works' })
      await tutorial.waitFor()
      await act.click('Start learning')
      await page.locator('.learn-card[data-side="front"]').waitFor()
      await act.press('Space')
      await page.locator('.learn-card[data-side="back"]').waitFor()
      await act.press('3')
      await page
        .locator('[data-counter="learning"] .learn-count-value')
        .filter({ hasText: /^1$/ })
        .waitFor()

      const learner = await User.query().where('provider', 'guest').firstOrFail()
      assert.isTrue(learner.onboardingComplete)
      assert.deepInclude(learner.onboardingData, {
        goal: 'languages',
        languageKey: 'spanish',
        languageLevel: 'beginner',
        languageFocus: 'travel',
        reason: 'travel',
        minutesPerDay: 10,
        studyTime: '18:00',
        remindersEnabled: true,
        ageRange: '25_34',
      })
      const deck = await db.from('decks').where('user_id', learner.id).firstOrFail()
      assert.equal(deck.name, 'Spanish basics: first phrases')
      assert.equal(
        Number(
          (await db.from('review_logs').where('user_id', learner.id).count('* as n').first()).n
        ),
        1
      )
      assert.isBelow(act.seconds, 60, `${act.seconds} s of simulated time`)
    }
  )

  test('"Make a deck with AI" among the suggestions: 20 cards arrive on the generator page, ready to study', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/get-started')
    await page.setViewportSize({ width: 1280, height: 900 })
    await hydrated(page)
    const click = (name: string) => page.getByRole('button', { name, exact: true }).click()
    await click('Continue without an account')
    for (const answer of [
      '25 to 34',
      'Start',
      'After a few days',
      'A little every day',
      'Learn languages',
      'Spanish',
      'Beginner',
      'Travel phrases',
      'To travel',
      '10 minutes',
      'Evening (18:00)',
      'Yes, remind me',
    ]) {
      await click(answer)
    }
    await page.getByRole('button', { name: 'Show my decks' }).click()
    await page.getByRole('heading', { name: 'Decks picked for you' }).waitFor()
    await click('Make a deck with AI')
    await page.waitForURL(
      (url) => url.pathname === '/ai/generate' && url.searchParams.has('stream')
    )
    /* offline here: the bundled text about memory, followed as the worker makes it */
    const preview = page.locator('section.ai-preview[data-status="done"]')
    await preview.waitFor({ timeout: 60_000 })
    assert.equal(await preview.locator('.ai-note').count(), 20)
    await preview.getByRole('link', { name: 'Study now' }).waitFor()
    assert.isTrue((await User.query().where('provider', 'guest').firstOrFail()).onboardingComplete)
  })

  test('skipping on a desktop goes home and ends the onboarding', async ({ visit, assert }) => {
    const page = await visit('/get-started')
    await page.setViewportSize({ width: 1280, height: 900 })
    await hydrated(page)
    await page.getByRole('button', { name: 'Continue without an account' }).click()
    await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
    await page.getByRole('button', { name: 'Skip' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('heading', { name: 'No decks yet' }).waitFor()
    assert.isTrue((await User.query().where('provider', 'guest').firstOrFail()).onboardingComplete)
  })

  test(
    'the rate-us moment: stars on the explainers go to the feedback action, going on skips it; none while ' +
      'onboarding_rate_us is off',
    async ({ visit, assert }) => {
      /* a new guest's walk to the explainers */
      const toExplainers = async () => {
        const page = await visit('/get-started')
        await page.context().clearCookies()
        await page.reload()
        await hydrated(page)
        const click = (name: string) => page.getByRole('button', { name, exact: true }).click()
        await click('Continue without an account')
        for (const answer of [
          '25 to 34',
          'Start',
          'After a few days',
          'A little every day',
          'Learn languages',
          'Spanish',
          'Beginner',
          'Travel phrases',
          'To travel',
          '10 minutes',
          'Evening (18:00)',
          'Yes, remind me',
        ]) {
          await click(answer)
        }
        await page.getByRole('heading', { name: 'How Mnemo helps you remember' }).waitFor()
        return page
      }

      /* on (the spec's default): a rating from here, then on to the decks */
      const page = await toExplainers()
      const moment = page.getByTestId('onboarding-rate-us')
      await moment.getByText('How do you like Mnemo so far?').waitFor()
      await moment.getByRole('button', { name: '5 stars' }).click()
      await moment.getByRole('status').filter({ hasText: 'Thank you for your feedback!' }).waitFor()
      const guest = await User.query()
        .where('provider', 'guest')
        .orderBy('id', 'desc')
        .firstOrFail()
      assert.deepEqual(
        await db.from('app_ratings').where('user_id', guest.id).select('feedback_type', 'prefix'),
        [{ feedback_type: 'love_it', prefix: 'web_onboarding' }]
      )
      await page.getByRole('button', { name: 'Show my decks' }).click()
      await page.getByRole('heading', { name: 'Decks picked for you' }).waitFor()

      /* off: the explainers ask nothing */
      await setFlag('onboarding_rate_us', false, null)
      const plain = await toExplainers()
      assert.equal(await plain.getByTestId('onboarding-rate-us').count(), 0)
      assert.equal(Number((await db.from('app_ratings').count('* as n').first()).n), 1)
    }
  )
})
