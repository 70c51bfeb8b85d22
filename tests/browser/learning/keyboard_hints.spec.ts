/// <reference lib="dom" />
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Browser, Page } from 'playwright'
import { learnerWithCards, open, signInWithForm } from '#tests/support/browser'
import { resetState } from '#tests/support/helpers'

/*
 * The study page's keyboard hints (Space, Z, E, T, 1–4, Enter, the shortcuts
 * button) are for a keyboard: a touch screen does not show them, whatever its
 * width, and a narrow desktop window still does.
 */

/** A context of its own, as the phone or the desktop browser it stands for, signed in. */
async function signedInContext(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST}:${process.env.PORT}`,
    ...options,
  })
  const page = await context.newPage()
  await open(page, '/sign-in')
  await signInWithForm(page, 'ana@example.test')
  return { context, page }
}

const visibleKeyHints = (page: Page) =>
  page
    .locator('.learn-page kbd')
    .evaluateAll((items) =>
      items
        .filter((item) => (item as HTMLElement).offsetParent !== null)
        .map((item) => item.textContent)
    )

test.group('Keyboard hints in the browser', (group) => {
  group.each.setup(() => resetState())

  test('keyboard hints show on a desktop, however narrow, and not on a touch screen, however wide', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const { deck } = await learnerWithCards(2)
    const desktop = await signedInContext(browser, { viewport: { width: 420, height: 800 } })
    const tablet = await signedInContext(browser, {
      viewport: { width: 1024, height: 1366 },
      hasTouch: true,
      isMobile: true,
    })
    cleanup(async (error) => {
      if (error) {
        await desktop.page.screenshot({
          path: app.makePath('tmp', 'browser', 'hints_desktop.png'),
          fullPage: true,
        })
        await tablet.page.screenshot({
          path: app.makePath('tmp', 'browser', 'hints_touch.png'),
          fullPage: true,
        })
      }
      await desktop.context.close()
      await tablet.context.close()
    })

    for (const { page } of [desktop, tablet]) {
      await open(page, `/decks/${deck.id}/learn`)
      await page.locator('.learn-card[data-side="front"]').waitFor()
    }
    /* '-' buries the card shown (Anki's key, issue 32) */
    assert.sameMembers(await visibleKeyHints(desktop.page), ['Space', 'Z', 'E', '-'])
    assert.isTrue(
      await desktop.page.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()
    )
    assert.deepEqual(await visibleKeyHints(tablet.page), [])
    assert.isFalse(
      await tablet.page.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()
    )

    /* the answer buttons: 1–4 on the desktop only; a tap answers on the touch screen */
    await desktop.page.getByRole('button', { name: 'Show answer' }).click()
    await tablet.page.getByRole('button', { name: 'Show answer' }).tap()
    for (const { page } of [desktop, tablet])
      await page.locator('.learn-card[data-side="back"]').waitFor()
    assert.sameMembers(await visibleKeyHints(desktop.page), ['1', '2', '3', '4', 'Z', 'E', '-'])
    assert.deepEqual(await visibleKeyHints(tablet.page), [])
    await tablet.page.getByRole('button', { name: /^Good/ }).tap()
    await tablet.page.locator('.learn-card[data-side="front"]').waitFor()
  })

  test('the first-time tutorial lists the keys on a desktop only', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const { user, deck } = await learnerWithCards(1)
    user.learningTutorialSeen = false
    await user.save()
    const phone = await signedInContext(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    cleanup(() => phone.context.close())
    await open(phone.page, `/decks/${deck.id}/learn`)
    const tutorial = phone.page.getByRole('dialog', { name: 'How learning works' })
    await tutorial.waitFor()
    assert.notInclude(await tutorial.innerText(), 'Keyboard shortcuts')
    assert.notInclude(await tutorial.innerText(), 'Space')
  })
})
