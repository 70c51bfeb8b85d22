/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open } from '#tests/support/browser'
import User from '#models/user'
import { linkIn, resetState, waitForMail } from '#tests/support/helpers'

test.group('Account lifecycle in the browser', (group) => {
  group.each.setup(() => resetState())

  test('sign up, sign out, sign in, German, dark theme, password reset, delete', async ({
    visit,
    assert,
  }) => {
    const page = await hydrated(await visit('/get-started'))

    /* sign up */
    await page.getByRole('link', { name: 'Sign up with e-mail' }).click()
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await page.getByLabel('Name').fill('Ana Lima')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password', { exact: true }).fill('first-password-1')
    await page.getByLabel('Confirm password').fill('first-password-1')
    await page.getByRole('button', { name: 'Sign up' }).click()
    /* a new account starts with the onboarding, which can be skipped */
    await page.getByRole('heading', { name: 'How old are you?' }).waitFor()
    await page.getByRole('button', { name: 'Skip' }).click()
    await page.getByRole('heading', { name: 'Welcome, Ana Lima' }).waitFor()

    /* sign out, then sign in */
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()
    await page.getByRole('link', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password').fill('wrong-password-1')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor()
    await page.getByLabel('Password').fill('first-password-1')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Welcome, Ana Lima' }).waitFor()

    /* switch the interface to German */
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.getByLabel('Language').selectOption('de')
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor()
    assert.equal(await page.locator('html').getAttribute('lang'), 'de')
    assert.equal((await User.findByOrFail('email', 'ana@example.test')).locale, 'de')

    /* dark theme, applied without a reload and kept */
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const saved = page.waitForResponse((response) => response.url().endsWith('/settings'))
    await page.locator('[data-theme-option="dark"]').click()
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark')
    /* the colours change in place (a short CSS transition), no navigation */
    assert.notEqual(light, 'rgb(21, 22, 26)')
    await page.waitForFunction(
      () => getComputedStyle(document.body).backgroundColor === 'rgb(21, 22, 26)'
    )
    await saved
    await page.reload()
    await hydrated(page)
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark')
    assert.equal(
      await page.locator('[data-theme-option="dark"]').getAttribute('aria-pressed'),
      'true'
    )

    /* back to English for the rest, then sign out */
    await page.getByLabel('Sprache').selectOption('en')
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    await page.getByRole('button', { name: 'Log out' }).click()
    /* signed out only once the landing page shows: opening /sign-in before that races the log out */
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()

    /* reset the password through the e-mailed link */
    await open(page, '/sign-in')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    const mail = await waitForMail('ana@example.test')
    await open(page, linkIn(mail.text, '/reset-password'))
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    await page.getByLabel('New password').fill('second-password-2')
    await page.getByLabel('Confirm password').fill('second-password-2')
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    await open(page, linkIn(mail.text, '/reset-password'))
    await page.getByRole('heading', { name: 'Link expired' }).waitFor()

    await open(page, '/sign-in')
    await page.getByLabel('E-mail').fill('ana@example.test')
    await page.getByLabel('Password').fill('second-password-2')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Welcome, Ana Lima' }).waitFor()

    /* delete the account, typing the username */
    await open(page, '/account')
    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.locator('input').fill('ana.lima')
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()
    assert.isNull(await User.findBy('email', 'ana@example.test'))
  })
})
