import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { WebSession, partialProps, signedIn } from '#tests/support/web_session'

/*
 * Issue 33: the pages' translations left the props. Each page names a script
 * of its locale's messages whose path is its content's hash, kept a year.
 */
test.group("Web: the pages' translations, a script the browser keeps", (group) => {
  group.each.setup(() => resetState())

  test('a page names the script instead of carrying the messages; its poll carries neither', async ({
    assert,
  }) => {
    const web = new WebSession({ 'accept-language': 'de' })
    const html = (await web.get('/sign-in')).text
    const page = WebSession.page(html)
    assert.notProperty(page.props, 'messages')
    assert.match(page.props.messagesScript, /^\/i18n\/de\.[0-9a-f]{16}\.js$/)
    assert.include(html, `<script defer nonce="`)
    assert.include(html, `src="${page.props.messagesScript}"`)
    /* the server render has the German text without the messages in the page */
    const messages = await web.messages(page)
    assert.include(html, messages['ui.auth.sign_in_title'])
    assert.notInclude(html, JSON.stringify(messages['ui.client.help.title']).slice(1, -1))

    const { web: learner } = await signedIn()
    const home = await learner.visit('/')
    assert.notProperty(home.props, 'messages')
    const poll = await partialProps(learner, '/', 'decks')
    assert.notProperty(poll, 'messages')
  })

  test("the script is kept a year, with no cookie; an old path gets today's text, not kept", async ({
    assert,
  }) => {
    const web = new WebSession({ 'accept-language': 'fr' })
    const page = WebSession.page((await web.get('/sign-in')).text)
    const base = web.base
    const current = await fetch(`${base}${page.props.messagesScript}`)
    assert.equal(current.status, 200)
    assert.equal(current.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.match(current.headers.get('content-type')!, /^text\/javascript/)
    assert.lengthOf(current.headers.getSetCookie(), 0)
    const text = await current.text()
    assert.isTrue(text.startsWith('(globalThis.mnemoMessages??={})["fr"]='))
    assert.equal((await web.messages(page))['ui.client.help.title'], 'Centre d’aide')

    const stale = await fetch(`${base}/i18n/fr.0000000000000000.js`)
    assert.equal(stale.status, 200)
    assert.equal(stale.headers.get('cache-control'), 'no-cache')
    assert.equal(await stale.text(), text)

    assert.equal((await fetch(`${base}/i18n/xx.0000000000000000.js`)).status, 404)
    assert.equal(
      (await fetch(`${base}${page.props.messagesScript}`, { method: 'POST' })).status,
      404
    )
  })
})
