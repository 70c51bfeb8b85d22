/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { hydrated, learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { payIntent, useStripeJsStandIn } from '#tests/support/stripe_server'
import { setFlag } from '#services/remote_flags'

/** Shows the card and answers with a key (3 Good, 4 Easy); the answer's status. */
async function answerGood(page: Page, key = '3') {
  await page.locator('.learn-card iframe').first().waitFor()
  await page.keyboard.press('Space')
  await page.locator('.learn-card[data-side="back"]').waitFor()
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/learn\/\d+\/answer$/.test(response.url())
  )
  await page.keyboard.press(key)
  return (await answered).status()
}

test.group('From the paywall to Premium in the browser', (group) => {
  group.each.setup(() => resetState())

  test(
    'a free learner hits the daily limit, buys lifetime, studies on and opens the billing portal; an admin ' +
      'masquerades and the audit log shows it',
    async ({ visit, browser, assert, cleanup }) => {
      /* the daily limit is a remote flag: two cards today keeps the story short */
      await setFlag('cards_to_paywall', 2, null)
      const { user, deck } = await learnerWithCards(5)
      const admin = await makeUser({ email: 'root@example.test', name: 'Ada Admin' })
      admin.isAdmin = true
      await admin.save()

      const page = await visit('/sign-in')
      /* Stripe.js: the stand-in (tests/support/stripe_server.ts) */
      await useStripeJsStandIn(page)
      const base = `http://${process.env.HOST}:${process.env.PORT}`
      const adminContext = await browser.newContext({ baseURL: base })
      cleanup(async (error) => {
        if (error)
          await page
            .screenshot({
              path: app.makePath('tmp', 'browser', 'paywall_to_premium.png'),
              fullPage: true,
            })
            .catch(() => {})
        await adminContext.close()
      })
      await hydrated(page)
      await signInWithForm(page, 'ana@example.test')

      /* two new cards (Easy: no learning step brings them back today), then the limit and its way to the paywall */
      await open(page, `/decks/${deck.id}`)
      await page.getByRole('link', { name: 'Study', exact: true }).click()
      assert.isBelow(await answerGood(page, '4'), 300)
      assert.isBelow(await answerGood(page, '4'), 300)
      /* no third new card is handed out to be refused: the page offers Premium at once */
      await page.getByRole('dialog').getByRole('link', { name: 'See Premium' }).click()
      await page.waitForURL(/\/paywall\?reason=daily$/)
      await hydrated(page)
      await page.getByText("You reached today's free cards.").waitFor()
      await page.getByText('Premium users complete 35% more study sessions').waitFor()

      /* lifetime: one payment; the card form is Stripe's (the stand-in), then the return page */
      await page.locator('a[href="/checkout/lifetime"]').click()
      await page.waitForURL(/\/checkout\/lifetime$/)
      await hydrated(page)
      await page.getByText('Card details').waitFor()
      const intentId = (await page.evaluate(() => (window as any).__clientSecret as string)).split(
        '_secret_'
      )[0]
      await page.getByRole('button', { name: 'Pay' }).click()
      await page.getByRole('heading', { name: 'Thank you! Your purchase is complete.' }).waitFor()
      await payIntent(intentId, base)
      assert.isTrue(
        (await db.from('users').where('id', user.id).firstOrFail()).is_premium,
        'the signed webhook made the learner premium'
      )

      /* premium: no daily limit, study goes on */
      await open(page, `/decks/${deck.id}`)
      await page.getByRole('link', { name: 'Study', exact: true }).click()
      assert.isBelow(await answerGood(page), 300)
      assert.equal(
        Number((await db.from('review_logs').where('user_id', user.id).count('* as n').first()).n),
        3
      )

      /* the management link: the server sends the learner to Stripe's billing portal */
      const portal = await page.request.get('/settings/subscription', { maxRedirects: 0 })
      assert.equal(portal.status(), 302)
      assert.match(portal.headers().location, /^https:\/\/billing\.stripe\.test\/p\/session\//)

      /* an admin, in their own browser, masquerades as the learner; the audit log has it */
      const adminPage = await adminContext.newPage()
      await open(adminPage, '/sign-in')
      await signInWithForm(adminPage, 'root@example.test', 'Ada Admin')
      await open(adminPage, `/admin/users/${user.id}`)
      await adminPage.getByRole('button', { name: 'Masquerade as this user' }).click()
      await adminPage
        .getByText(/You are masquerading as/)
        .first()
        .waitFor()
      await adminPage.getByRole('button', { name: 'Stop masquerading' }).click()
      await adminPage.getByText(/You are masquerading as/).waitFor({ state: 'detached' })
      await open(adminPage, '/admin/audit')
      const actions = await db
        .from('admin_audit_logs')
        .where('admin_id', admin.id)
        .orderBy('id')
        .select('action', 'target_user_id')
      assert.deepInclude(actions, { action: 'masquerade.started', target_user_id: user.id })
      await adminPage.getByRole('cell', { name: 'masquerade.started' }).first().waitFor()
    }
  ).timeout(120_000)
})
