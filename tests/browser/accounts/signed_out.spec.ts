/// <reference lib="dom" />
import { test } from '@japa/runner'
import { hydrated, open, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'
import { createDeck } from '#actions/decks/create_deck'

test.group('Signing out in the browser', (group) => {
  group.each.setup(() => resetState())

  test('after Log out, Back shows the sign-in page, not the private page; signing in returns to it', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'zoe@example.test', name: 'Zoë Private' })
    const deck = await createDeck(user, { name: 'Secret diary' })
    const page = await hydrated(await visit('/sign-in'))
    await signInWithForm(page, 'zoe@example.test', null)
    await page.getByRole('heading', { name: 'Welcome, Zoë Private' }).waitFor()

    await open(page, `/decks/${deck.id}?tab=cards`)
    await page.getByRole('heading', { name: 'Secret diary' }).waitFor()
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Study smarter with spaced repetition' }).waitFor()

    await page.goBack()
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
    await hydrated(page)
    const text = await page.locator('body').innerText()
    assert.notInclude(text, 'Secret diary')
    assert.notInclude(text, 'Zoë Private')
    /* the sign-in page names the page asked for, path and query */
    const asked = new URL(page.url())
    assert.equal(asked.pathname, '/sign-in')
    assert.equal(asked.searchParams.get('next'), `/decks/${deck.id}?tab=cards`)

    /* signing in goes back there */
    await signInWithForm(page, 'zoe@example.test', null)
    await page.waitForURL((url) => url.pathname === `/decks/${deck.id}`)
    await page.getByRole('heading', { name: 'Secret diary' }).waitFor()
    assert.equal(new URL(page.url()).search, '?tab=cards')
  })

  test('a page opened signed out leads to sign-in and back to it, at phone width too', async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ben@example.test', name: 'Ben Lee' })
    const deck = await createDeck(user, { name: 'Verbs' })
    const page = await visit(`/decks/${deck.id}?tab=cards&page=2`)
    await page.setViewportSize({ width: 390, height: 800 })
    await hydrated(page)
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
    await signInWithForm(page, 'ben@example.test', null)
    await page.getByRole('heading', { name: 'Verbs' }).waitFor()
    const url = new URL(page.url())
    assert.equal(`${url.pathname}${url.search}`, `/decks/${deck.id}?tab=cards&page=2`)

    /* a page that does not exist still shows who is signed in */
    await open(page, '/no/such/page')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'Log out' }).waitFor()
    assert.isTrue(await page.getByRole('link', { name: 'Account' }).isVisible())
    assert.isFalse(await page.getByRole('link', { name: 'Sign in', exact: true }).isVisible())
  })
})
