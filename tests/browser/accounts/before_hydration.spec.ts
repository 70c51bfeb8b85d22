/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page, Request } from 'playwright'
import { hydrated } from '#tests/support/browser'
import { linkIn, makeUser, PASSWORD, resetState, waitForMail } from '#tests/support/helpers'
import User from '#models/user'

/* the pages' entry script: the build's (app-<hash>.js) or the development server's */
const ENTRY = /^\/(assets\/app-[\w-]+\.js|inertia\/app\.tsx)$/

/**
 * A slow phone, made deterministic: the page's JavaScript is held back, so
 * the server-rendered form is on screen and typed into before React takes
 * over; `release` lets the scripts load.
 */
async function holdScripts(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => ENTRY.test(url.pathname),
    async (route) => {
      await released
      await route.continue()
    }
  )
  return release
}

/*
 * The tab's first address: a file, not a page. A page, once its scripts ran, registers the app's service
 * worker, which keeps those scripts and serves them itself to the next pages, past the hold: a returning
 * visitor's phone, not a slow first visit.
 */
const NO_PAGE = '/manifest.webmanifest'

/** Opens `path` without waiting for its scripts, which are held back. */
async function openUnhydrated(page: Page, path: string, firstField: string) {
  await page.goto(path, { waitUntil: 'commit' })
  await page.getByLabel(firstField, { exact: true }).waitFor()
  if (await page.evaluate(() => document.documentElement.dataset.ready))
    throw new Error('the page hydrated already')
}

/** Every URL the browser asked for, to show that no typed secret ends up in one. */
function recordRequests(page: Page) {
  const urls: string[] = []
  page.on('request', (request: Request) => urls.push(request.url()))
  return urls
}

test.group('Forms before hydration', (group) => {
  group.each.setup(() => resetState())

  test('what is typed before React takes over stays, and is what the form sends', async ({
    visit,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test', name: 'Ana Lima' })
    const page = await visit(NO_PAGE)
    await page.setViewportSize({ width: 390, height: 800 })
    const release = await holdScripts(page)

    /* sign-in */
    await openUnhydrated(page, '/sign-in', 'E-mail')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password').fill(PASSWORD)
    release()
    await hydrated(page)
    assert.equal(await page.getByLabel('E-mail').inputValue(), 'ana@example.test')
    assert.equal(await page.getByLabel('Password').inputValue(), PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Welcome, Ana Lima' }).waitFor()
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()

    /* sign-up: a field typed before, another after, and the first still counts */
    const releaseAgain = await holdScripts(page)
    await openUnhydrated(page, '/sign-up', 'Name')
    await page.getByLabel('Name').fill('Bea Souza')
    await page.getByLabel('E-mail').fill('bea@example.test')
    await page.getByLabel('Password', { exact: true }).fill('bea-password-1')
    releaseAgain()
    await hydrated(page)
    await page.getByLabel('Confirm password').fill('bea-password-1')
    assert.equal(await page.getByLabel('Name').inputValue(), 'Bea Souza')
    assert.equal(await page.getByLabel('E-mail').inputValue(), 'bea@example.test')
    await page.getByRole('button', { name: 'Sign up' }).click()
    /* a new account starts with the onboarding, which can be skipped */
    await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
    await page.getByRole('button', { name: 'Skip' }).click()
    await page.getByRole('heading', { name: 'Welcome, Bea Souza' }).waitFor()
    assert.isNotNull(await User.findBy('email', 'bea@example.test'))
  })

  test('a submit before React takes over posts the form; no typed secret reaches a URL', async ({
    visit,
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test', name: 'Ana Lima' })
    const page = await visit(NO_PAGE)
    const urls = recordRequests(page)
    const release = await holdScripts(page)

    /* forgot password: Enter in the only field */
    await openUnhydrated(page, '/forgot-password', 'E-mail')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('E-mail').press('Enter')
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()

    /* the new password, chosen before the scripts arrive */
    const link = linkIn((await waitForMail('ana@example.test')).text, '/reset-password')
    await openUnhydrated(page, new URL(link).pathname, 'New password')
    await page.getByLabel('New password').fill('second-password-2')
    await page.getByLabel('Confirm password').fill('second-password-2')
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()

    /* sign in with it, still before hydration */
    await openUnhydrated(page, '/sign-in', 'E-mail')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password').fill('second-password-2')
    await page.getByLabel('Password').press('Enter')
    await page.getByRole('heading', { name: 'Welcome, Ana Lima' }).waitFor()
    release()
    await hydrated(page)

    for (const url of urls) {
      assert.notInclude(url, 'second-password-2')
      assert.notInclude(url, encodeURIComponent('ana@example.test'), url)
    }
  })
})
