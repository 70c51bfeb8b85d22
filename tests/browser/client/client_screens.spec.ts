/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'

const PHONE = { width: 390, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

/** Nothing wider than the screen (no sideways scrolling). */
async function fits(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

test.group('Help, notices, settings and the year in review in the browser', (group) => {
  group.each.setup(() => resetState())

  test('help at phone and desktop widths; the rebrand notice is dismissed for good', async ({
    visit,
    assert,
  }) => {
    const page = await hydrated(await visit('/help'))
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size)
      await page.getByRole('heading', { name: 'Help centre' }).waitFor()
      assert.isTrue(await fits(page), `help fits ${size.width} px`)
    }
    await page.getByText('How do study reminders work?').click()
    await page.getByText('Every e-mail has a one-click unsubscribe link').waitFor()
    assert.equal(
      await page.locator('[data-contact-support]').getAttribute('href'),
      'mailto:support@mnemo.app?subject=Mnemo'
    )
    await page.getByText('5M+ downloads · 40K+ reviews').waitFor()

    await page.getByRole('button', { name: 'Dismiss notice' }).click()
    await page.locator('[data-notice="rebrand"]').waitFor({ state: 'detached' })
    await open(page, '/whats-new')
    await page.getByRole('heading', { name: "What's new" }).waitFor()
    assert.equal(await page.locator('[data-notice="rebrand"]').count(), 0)
  })

  test(
    'the settings: a reminder time saved, feedback sent with stars; the account: bio and links on the ' +
      'public profile',
    async ({ visit, assert }) => {
      const user = await makeUser({ email: 'ana@example.test', username: 'ana.lima' })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await open(page, '/settings')
      await page.setViewportSize(PHONE)
      await page.getByRole('heading', { name: 'Study reminder' }).waitFor()
      assert.isTrue(await fits(page), 'settings fit a phone')
      await page.locator('input[name="study_reminder_time"]').fill('18:30')
      await page.getByLabel('Send me a reminder e-mail').check()
      await page.getByRole('button', { name: 'Set reminder' }).click()
      await page.locator('.toast').filter({ hasText: 'Reminder saved' }).waitFor()
      await user.refresh()
      assert.equal(user.studyReminderTime, '18:30')
      assert.isTrue(user.studyReminderEnabled)

      await page.getByLabel('4 stars').check({ force: true })
      await page.getByLabel('Anything you would like to tell us? (optional)').fill('Lovely')
      await page.getByRole('button', { name: 'Send feedback' }).click()
      await page.locator('.toast').filter({ hasText: 'Thank you for your feedback!' }).waitFor()
      const rating = await db.from('app_ratings').where('user_id', user.id).first()
      assert.equal(rating.feedback_type, 'a_lot')

      await page.setViewportSize(DESKTOP)
      await open(page, '/account')
      await page.getByLabel('Bio').fill('Learning Portuguese')
      await page.getByLabel('YouTube').fill('https://youtube.com/@ana')
      await page.getByLabel('Violet').check()
      await page.getByRole('button', { name: 'Update public profile' }).click()
      await page.locator('.toast').filter({ hasText: 'Your changes are saved.' }).waitFor()
      await page.getByRole('link', { name: 'View your public profile' }).click()
      await page.getByRole('heading', { name: 'Test User' }).waitFor()
      await page.getByText('Learning Portuguese').waitFor()
      assert.equal(
        await page.getByRole('link', { name: 'youtube' }).getAttribute('href'),
        'https://youtube.com/@ana'
      )
    }
  )

  test(
    'the year in review: slides one after the other at phone width, and the image downloaded where sharing ' +
      'files is not offered',
    async ({ visit, assert }) => {
      const user = await makeUser({ email: 'ana@example.test' })
      await db.table('study_days').insert({ user_id: user.id, day: user.today(), cards_studied: 9 })
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      await page.setViewportSize(PHONE)
      await open(page, '/wrapped')
      const year = user.today().slice(0, 4)
      await page.getByRole('heading', { name: `Your ${year} in review`, level: 1 }).waitFor()
      assert.isTrue(await fits(page), 'the story fits a phone')
      /* joined today: the first day with us, and no other year to look at */
      await page
        .locator('[data-slide="intro"]')
        .getByText('1 day with Mnemo', { exact: true })
        .waitFor()
      assert.equal(
        await page.getByRole('navigation', { name: 'Other years' }).getByRole('link').count(),
        0
      )
      await page.getByRole('button', { name: 'Next' }).click()
      await page.locator('[data-slide="studied"]').getByText('9', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Next' }).click()
      /* one day: singular */
      await page.locator('[data-slide="days"]').getByText('active day', { exact: true }).waitFor()
      while (await page.getByRole('button', { name: 'Next' }).isEnabled())
        await page.getByRole('button', { name: 'Next' }).click()
      await page.locator('[data-slide="share"]').waitFor()
      /* the image is the server's PNG */
      const loaded = await page
        .locator('[data-slide="share"] img')
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))
      assert.equal(loaded, 1080)
      /* a browser that cannot share files: the image is downloaded */
      await page.evaluate(() =>
        Object.defineProperty(navigator, 'canShare', { value: () => false, configurable: true })
      )
      const download = page.waitForEvent('download')
      await page.locator('[data-share]').click()
      assert.equal((await download).suggestedFilename(), `mnemo-${year}.png`)
      /* one that can: the Web Share API gets the PNG */
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true })
        Object.defineProperty(navigator, 'share', {
          value: async (data: { files: File[] }) =>
            ((window as any).sharedFile =
              `${data.files[0].name} ${data.files[0].type} ${data.files[0].size > 1000}`),
          configurable: true,
        })
      })
      await page.locator('[data-share]').click()
      await page.getByRole('status').filter({ hasText: 'Shared' }).waitFor()
      assert.equal(
        await page.evaluate(() => (window as any).sharedFile),
        `mnemo-${year}.png image/png true`
      )
    }
  )
})
