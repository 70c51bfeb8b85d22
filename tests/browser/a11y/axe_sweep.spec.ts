/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { open, signInWithForm } from '#tests/support/browser'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { axeFindings, describeFindings } from '#tests/support/axe'
import { sweepContent } from '#tests/support/sweep'
import { appleWeb } from '#config/identity'

type Content = Awaited<ReturnType<typeof sweepContent>>
/** A screen: where it is (none: the page already open), and what brings it into the state checked. */
type Screen = {
  name: string
  path?: (content: Content) => string
  then?: (page: Page) => Promise<unknown>
  server?: () => () => void
}

/* the tests configure Apple sign-in (.env.test): taken away for the one screen that says it is not set up */
function withoutApple() {
  const clientId = appleWeb.clientId
  appleWeb.clientId = undefined
  return () => {
    appleWeb.clientId = clientId
  }
}

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const cardFrame = (page: Page) =>
  page.frameLocator('.learn-card[data-side="front"] iframe').locator('body')

/* before signing in: the pages a visitor sees */
const SIGNED_OUT: Screen[] = [
  { name: 'landing', path: () => '/' },
  { name: 'get started', path: () => '/get-started' },
  { name: 'sign up', path: () => '/sign-up' },
  { name: 'forgot password', path: () => '/forgot-password' },
  { name: 'reset sent', path: () => '/forgot-password/sent' },
  { name: 'reset success', path: () => '/reset-password/success' },
  { name: 'reset password', path: () => '/reset-password/not-a-token' },
  { name: 'login link expired', path: () => '/auth/link/not-a-token' },
  { name: 'provider not configured', path: () => '/auth/apple/redirect', server: withoutApple },
  { name: 'unsubscribe', path: () => '/reminders/unsubscribe/1' },
  { name: 'export address', path: () => '/exports/confirm/not-a-token' },
  { name: 'export address: asking', path: ({ confirmLink }) => confirmLink },
  { name: 'login link: signing in', path: ({ loginLink }) => loginLink },
  { name: 'export download error', path: () => '/exports/1/download' },
  { name: 'server error', path: () => '/dev/server-error' },
  { name: 'shared deck (visitor)', path: ({ token }) => `/shared/${token}` },
  { name: 'embed', path: ({ token }) => `/embed/${token}` },
  { name: 'embed unavailable', path: () => '/embed/not-a-token' },
  { name: 'library (visitor)', path: () => '/library' },
  { name: 'guides', path: () => '/guides' },
  { name: 'a guide, with screenshots', path: () => '/guides/getting-started' },
  { name: 'solutions: students', path: () => '/solutions/students' },
  { name: 'blog', path: () => '/blog' },
  { name: 'a blog post', path: () => '/blog/smart-scheduling-with-fsrs' },
  { name: 'sign in', path: () => '/sign-in' },
]

/* signed in as the learner */
const SIGNED_IN: Screen[] = [
  { name: 'home', path: () => '/' },
  { name: 'deck', path: ({ deck }) => `/decks/${deck.id}` },
  { name: 'deck cards', path: ({ deck }) => `/decks/${deck.id}?tab=cards` },
  { name: 'deck settings', path: ({ deck }) => `/decks/${deck.id}?tab=settings` },
  {
    name: 'deck: the export dialog',
    path: () => '/',
    then: async (page) => {
      await page.locator('button[aria-label^="Actions for"]').first().click()
      await page.getByRole('menuitem', { name: 'Export' }).click()
      await page
        .getByRole('dialog')
        .getByRole('checkbox', { name: /E-mail me the download link/ })
        .check()
    },
  },
  { name: 'card style', path: ({ deck }) => `/decks/${deck.id}/card-style` },
  { name: 'archived decks', path: () => '/decks/archived' },
  { name: 'new note (rich editor)', path: ({ deck }) => `/decks/${deck.id}/notes/new` },
  { name: 'note editor', path: ({ note }) => `/notes/${note}/edit` },
  { name: 'card browser', path: () => '/cards' },
  {
    name: 'card browser: a note edited beside the list',
    then: async (page) => {
      await page.locator('.browser-edit').first().click()
      await page.getByRole('region', { name: 'Edit card' }).getByRole('textbox').first().waitFor()
    },
  },
  {
    name: 'study: question',
    path: ({ deck }) => `/decks/${deck.id}/learn`,
    then: (page) => cardFrame(page).getByText('Country 1').waitFor(),
  },
  {
    name: 'study: answer',
    then: async (page) => {
      await page.keyboard.press('Space')
      await page.locator('.learn-card[data-side="back"]').waitFor()
    },
  },
  {
    name: 'study: edit dialog',
    then: async (page) => {
      await page.keyboard.press('e')
      await page.getByRole('dialog', { name: 'Edit card' }).getByRole('textbox').first().waitFor()
    },
  },
  { name: 'statistics', path: () => '/statistics' },
  { name: 'statistics (phone)', then: (page) => page.setViewportSize(PHONE) },
  { name: 'streak', path: () => '/streak', then: (page) => page.setViewportSize(DESKTOP) },
  { name: 'year in review', path: () => '/wrapped' },
  { name: 'settings', path: () => '/settings' },
  { name: 'account', path: () => '/account' },
  { name: 'exports', path: () => '/exports' },
  { name: 'ai generator', path: () => '/ai/generate' },
  { name: 'onboarding', path: () => '/onboarding' },
  { name: 'paywall', path: () => '/paywall' },
  { name: 'checkout', path: () => '/checkout/monthly' },
  { name: 'checkout return', path: () => '/checkout/return' },
  { name: 'shared deck (join)', path: ({ token }) => `/shared/${token}` },
  { name: 'library', path: () => '/library' },
  { name: 'library search', path: () => '/library/search?q=rivers' },
  { name: 'library a-z', path: () => '/library/a-z' },
  { name: 'library category', path: () => '/library/languages/english' },
  { name: 'library deck', path: ({ published }) => `/library/decks/${published.slug}` },
  { name: 'public profile', path: ({ author }) => `/users/${author.id}` },
  { name: 'help', path: () => '/help' },
  { name: "what's new", path: () => '/whats-new' },
  { name: 'extension connected', path: () => '/extension/connected' },
  { name: 'admin', path: () => '/admin' },
  { name: 'admin users', path: () => '/admin/users' },
  { name: 'admin user', path: ({ author }) => `/admin/users/${author.id}` },
  { name: 'admin audit', path: () => '/admin/audit' },
  { name: 'admin flags', path: () => '/admin/flags' },
  { name: 'moderation', path: () => '/moderation' },
  { name: 'outbox', path: () => '/dev/outbox' },
  { name: 'not found', path: () => '/no-such-page' },
]

type Scheme = 'light' | 'dark'

/*
 * Both schemes on one page load: the screen as loaded, then in the other
 * scheme once the theme's colour transitions (app.css: body) have ended,
 * so axe never measures a colour half-way.
 */
async function bothSchemes(page: Page, scheme: { current: Scheme }, name: string) {
  const found = describeFindings(`${scheme.current} ${name}`, await axeFindings(page))
  scheme.current = scheme.current === 'light' ? 'dark' : 'light'
  await page.emulateMedia({ colorScheme: scheme.current })
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'
      )
  )
  return [...found, ...describeFindings(`${scheme.current} ${name}`, await axeFindings(page))]
}

type Check = (page: Page, name: string) => Promise<string[]>

async function sweep(page: Page, screens: Screen[], content: Content, check: Check) {
  const found: string[] = []
  for (const screen of screens) {
    const restore = screen.server?.()
    try {
      if (screen.path) await open(page, screen.path(content))
      await screen.then?.(page)
    } catch (error) {
      throw new Error(`${screen.name}: ${(error as Error).message}`)
    } finally {
      restore?.()
    }
    found.push(...(await check(page, screen.name)))
  }
  return found
}

/*
 * Every screen the app renders, signed out and signed in, with content, in
 * the light and the dark scheme of the device (the "System" theme, the
 * default): axe finds no serious or critical violation. One page, visited
 * screen after screen, each checked in both schemes.
 */
test.group('Accessibility sweep', (group) => {
  group.each.setup(() => resetState())

  test('every screen, in the light and the dark scheme, has no serious or critical axe finding', async ({
    browserContext,
    assert,
  }) => {
    const content = await sweepContent()
    const page = await browserContext.newPage()
    const scheme = { current: 'light' as Scheme }
    await page.emulateMedia({ colorScheme: scheme.current })
    await page.setViewportSize(DESKTOP)
    const check: Check = (checked, name) => bothSchemes(checked, scheme, name)
    const found = await sweep(page, SIGNED_OUT, content, check)
    await signInWithForm(page, 'ana@example.test')
    found.push(...(await sweep(page, SIGNED_IN, content, check)))
    assert.deepEqual(found, [], `${found.length} axe findings:\n${found.join('\n')}`)
  }).timeout(240_000)

  test('every signed-in screen in the Autumn and the Pink theme has no serious or critical axe finding', async ({
    browserContext,
    assert,
  }) => {
    const content = await sweepContent()
    const page = await browserContext.newPage()
    await page.setViewportSize(DESKTOP)
    await open(page, '/sign-in')
    await signInWithForm(page, 'ana@example.test')
    const found: string[] = []
    for (const theme of ['autumn', 'pink']) {
      await db.from('users').where('email', 'ana@example.test').update({ theme })
      const check: Check = async (checked, name) =>
        describeFindings(`${theme} ${name}`, await axeFindings(checked))
      found.push(...(await sweep(page, SIGNED_IN, content, check)))
      await page.setViewportSize(DESKTOP)
    }
    assert.deepEqual(found, [], `${found.length} axe findings:\n${found.join('\n')}`)
  }).timeout(300_000)
})
