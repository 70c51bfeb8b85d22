/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page, Route } from 'playwright'
import { hydrated, open, signInWithForm, learnerWithCards } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

/** The next Inertia visit to the statistics page gets `answer` instead of the server's. */
async function visitStatisticsAnswered(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route('**/statistics', answer, { times: 1 })
  await page.getByRole('link', { name: 'Statistics' }).first().click()
}

test.group("Connection alerts in the browser (the spec's client rules)", (group) => {
  group.each.setup(() => resetState())

  test(
    "502/504 bring the maintenance alert (the server's own text), 500 the server-down alert with support, no " +
      'answer the no-connection notice, offline the offline notice; the page stays',
    async ({ visit, assert }) => {
      await learnerWithCards(1)
      const page = await hydrated(await visit('/sign-in'))
      await signInWithForm(page, 'ana@example.test')
      const home = page.url()
      const alert = page.getByRole('alertdialog')

      await visitStatisticsAnswered(page, (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({ title: 'Back at 10:00', body: 'We are moving to a new server.' }),
        })
      )
      await alert.getByRole('heading', { name: 'Back at 10:00' }).waitFor()
      assert.include(await alert.innerText(), 'We are moving to a new server.')
      assert.equal(page.url(), home)
      await alert.getByRole('button', { name: 'Close' }).click()
      assert.equal(await alert.count(), 0)

      await visitStatisticsAnswered(page, (route) =>
        route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>Gateway Timeout</h1>' })
      )
      await alert.getByRole('heading', { name: 'Mnemo is under maintenance' }).waitFor()
      await alert.getByRole('button', { name: 'Close' }).click()

      await visitStatisticsAnswered(page, (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: 'oops' })
      )
      await alert.getByRole('heading', { name: 'Uh-oh, an error occurred' }).waitFor()
      assert.equal(
        await alert.getByRole('link', { name: /support@mnemo\.app/ }).getAttribute('href'),
        'mailto:support@mnemo.app'
      )
      await alert.getByRole('button', { name: 'Close' }).click()

      await visitStatisticsAnswered(page, (route) =>
        route.fulfill({ status: 418, contentType: 'text/html', body: 'teapot' })
      )
      await alert.getByRole('heading', { name: 'Something went wrong' }).waitFor()
      assert.include(await alert.innerText(), '418')
      await alert.getByRole('button', { name: 'Reload' }).waitFor()
      await alert.getByRole('button', { name: 'Close' }).click()

      await visitStatisticsAnswered(page, (route) => route.abort('connectionrefused'))
      await alert.getByRole('heading', { name: 'No server connection' }).waitFor()
      await alert.getByRole('button', { name: 'Close' }).click()

      await page.context().setOffline(true)
      await alert.getByRole('heading', { name: 'Are you offline?' }).waitFor()
      await page.context().setOffline(false)
      await alert.waitFor({ state: 'detached' })
      assert.equal(page.url(), home)
      /* with the server back, the same link goes on */
      await page.getByRole('link', { name: 'Statistics' }).first().click()
      await page.waitForURL('**/statistics')
    }
  )

  test('a JSON request that loses its answer is sent again (twice at most) and the session goes on', async ({
    visit,
    assert,
  }) => {
    const { deck } = await learnerWithCards(1)
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'ana@example.test')
    let tries = 0
    await page.route(`**/learn/${deck.id}/cards**`, async (route) => {
      tries++
      if (tries <= 2) return route.abort('connectionreset')
      return route.continue()
    })
    await open(page, `/decks/${deck.id}/learn`)
    await page.locator('.learn-card[data-side="front"]').waitFor()
    /* the first card comes with the page; the cards' fetch and its retries run after it (with their back-off) */
    for (const until = Date.now() + 15_000; tries < 3 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(tries, 3)
    assert.equal(await page.getByRole('alertdialog').count(), 0)
  })
})
