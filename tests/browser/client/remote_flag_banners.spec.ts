/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { remoteFlag, setFlag } from '#services/remote_flags'
import User from '#models/user'

test.group('Remote-flag banners in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'an admin sets banners on the flags page (a wrong shape is refused with its reason); the active ones ' +
      'show, each dismissed on this browser',
    async ({ visit, assert, cleanup }) => {
      const admin = await makeUser({ email: 'root@example.test', name: 'Ada Admin' })
      admin.isAdmin = true
      await admin.save()
      const page = await hydrated(await visit('/sign-in'))
      cleanup(async (error) => {
        if (error)
          await page.screenshot({
            path: app.makePath('tmp', 'browser', 'remote_flag_banners.png'),
            fullPage: true,
          })
      })
      await signInWithForm(page, 'root@example.test', 'Ada Admin')
      await open(page, '/admin/flags')
      const row = page.locator('tr[data-flag="banners"]')
      const input = row.getByLabel('banners')

      /* a level the banners do not have: refused, and the row says which banner and what */
      await input.fill(
        JSON.stringify([
          { id: 'exams', text: 'Exam week' },
          { id: 'party', level: 'sparkly', text: 'Hi' },
        ])
      )
      await row.getByRole('button', { name: 'Save' }).click()
      await row
        .getByRole('alert')
        .filter({ hasText: 'Banner 2: the level must be info, warning or success' })
        .waitFor()
      assert.deepEqual(remoteFlag('banners'), [])

      /* one banner with texts by language and a link, one whose time is over */
      const banners = [
        {
          id: 'exams',
          level: 'warning',
          text: {
            en: 'Exam week: the servers are busy',
            de: 'Prüfungswoche: Die Server sind ausgelastet',
          },
          link: '/help',
        },
        { id: 'old-news', text: "Yesterday's news", until: '2020-01-01T00:00:00Z' },
        { id: 'welcome', level: 'success', text: 'Welcome to the new Mnemo' },
      ]
      await input.fill(JSON.stringify(banners))
      await row.getByRole('button', { name: 'Save' }).click()
      await page.locator('.toast').filter({ hasText: 'Flag banners saved' }).waitFor()
      assert.equal(await row.getByRole('alert').count(), 0)

      /* at the top of every signed-in page: the active ones, in order, in the reader's language */
      await open(page, '/')
      const shown = page.locator('[data-banner]')
      assert.deepEqual(
        await shown.evaluateAll((items) => items.map((item) => item.getAttribute('data-banner'))),
        ['exams', 'welcome']
      )
      const exams = page.locator('[data-banner="exams"]')
      assert.include(await exams.innerText(), 'Exam week: the servers are busy')
      assert.equal(
        await exams.getByRole('link', { name: 'Learn more' }).getAttribute('href'),
        '/help'
      )

      /* dismissed one by one: gone on this browser, on the next pages too */
      await exams.getByRole('button', { name: 'Dismiss: Exam week: the servers are busy' }).click()
      await page.locator('[data-banner="exams"]').waitFor({ state: 'detached' })
      await hydrated(page)
      await open(page, '/settings')
      assert.deepEqual(
        await shown.evaluateAll((items) => items.map((item) => item.getAttribute('data-banner'))),
        ['welcome']
      )

      /* the German reader gets the German text (a banner without one: the plain text) */
      await User.query().where('id', admin.id).update({ locale: 'de' })
      await page.context().clearCookies()
      await open(page, '/sign-in')
      await signInWithForm(page, 'root@example.test', null)
      await page.locator('[data-banner="exams"]').waitFor()
      assert.include(
        await page.locator('[data-banner="exams"]').innerText(),
        'Prüfungswoche: Die Server sind ausgelastet'
      )
    }
  )

  test('the lifetime banner offers the lifetime plan to learners without premium, never to premium ones', async ({
    visit,
    assert,
  }) => {
    const learner = await makeUser({ email: 'ana@example.test' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    assert.equal(await page.locator('[data-banner]').count(), 0, 'off by default')

    await setFlag('lifetime_banner', true, null)
    await open(page, '/')
    const offer = page.locator('[data-banner="~lifetime"]')
    assert.include(await offer.innerText(), 'Premium for life')
    await offer.getByRole('link', { name: 'See the lifetime plan' }).click()
    await page.waitForURL(/\/paywall\?reason=lifetime$/)
    await hydrated(page)
    await page.getByText('Lifetime: pay once, keep Premium forever.').waitFor()

    /* premium (lifetime or another plan): no offer */
    learner.premiumOverride = true
    await learner.save()
    await open(page, '/')
    await page.getByRole('heading', { name: 'Welcome, Test User' }).waitFor()
    assert.equal(await offer.count(), 0)
  })
})
