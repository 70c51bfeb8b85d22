/// <reference lib="dom" />
import { test } from '@japa/runner'
import env from '#start/env'
import { hydrated, signInWithForm } from '#tests/support/browser'
import { makeUser, resetState } from '#tests/support/helpers'

declare global {
  interface Window {
    received: string[]
  }
}

test.group("The browser extension's sign-in in the browser", (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(() => env.set('BROWSER_EXTENSION_ORIGIN', ''))

  test("the window the extension opens signs in and posts the token to the extension's window only", async ({
    visit,
    assert,
  }) => {
    const user = await makeUser({ email: 'ana@example.test' })
    /* the extension's window: a page of the configured origin listening for the token (here, the app's own origin) */
    const extension = await hydrated(await visit('/settings'))
    const origin = new URL(extension.url()).origin
    env.set('BROWSER_EXTENSION_ORIGIN', origin)
    await extension.evaluate(() => {
      window.received = []
      window.addEventListener(
        'message',
        (event) =>
          event.data?.type === 'mnemo:extension-token' && window.received.push(event.data.token)
      )
    })
    const [popup] = await Promise.all([
      extension.waitForEvent('popup'),
      extension.evaluate(() => window.open('/sign-in?extension=1')),
    ])
    await hydrated(popup)
    await signInWithForm(popup, 'ana@example.test', null)
    await popup.getByText('The extension is connected. You can close this window.').waitFor()
    await extension.waitForFunction(() => window.received.length === 1)
    const [token] = await extension.evaluate(() => window.received)
    const me = await fetch(`${origin}/api/users/me`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
    assert.equal(me.status, 200)
    assert.equal((await me.json()).id, user.id)

    /* configured for another origin: the browser delivers the token to no one here */
    env.set('BROWSER_EXTENSION_ORIGIN', 'chrome-extension://someoneelse')
    const [second] = await Promise.all([
      extension.waitForEvent('popup'),
      extension.evaluate(() => window.open('/sign-in?extension=1')),
    ])
    await second.getByText('The extension is connected. You can close this window.').waitFor()
    /* a message posted before the status changed would be queued already: one more task turn lets it arrive */
    await extension.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
    assert.equal(await extension.evaluate(() => window.received.length), 1)
  })
})
