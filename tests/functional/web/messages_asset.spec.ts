import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { WebSession, partialProps, signedIn } from '#tests/support/web_session'

/*
 * Issue 33: the pages' translations left the props. Each page names the
 * scripts of the parts of its locale's messages it needs (decision 0097),
 * whose paths are their content's hash, kept a year.
 */
test.group("Web: the pages' translations, scripts the browser keeps", (group) => {
  group.each.setup(() => resetState())

  test('a page names its parts instead of carrying the messages; its poll carries neither', async ({
    assert,
  }) => {
    const web = new WebSession({ 'accept-language': 'de' })
    const html = (await web.get('/sign-in')).text
    const page = WebSession.page(html)
    assert.notProperty(page.props, 'messages')
    assert.lengthOf(page.props.messagesScripts, 2)
    assert.match(page.props.messagesScripts[0], /^\/i18n\/de\.common\.[0-9a-f]{16}\.js$/)
    assert.match(page.props.messagesScripts[1], /^\/i18n\/de\.auth\.[0-9a-f]{16}\.js$/)
    for (const src of page.props.messagesScripts)
      assert.include(
        html,
        `<script defer nonce="${html.match(/nonce="([^"]+)"/)![1]}" src="${src}">`
      )
    /* the server render has the German text without the messages in the page */
    const messages = await web.messages(page)
    assert.include(html, messages['ui.auth.sign_in_title'])
    assert.isString(messages['ui.nav.home'])
    /* the sign-in page does not load the learner's app, the library or the admin's pages */
    assert.isUndefined(messages['ui.client.help.title'])
    assert.isUndefined(messages['ui.decks.empty.title'])
    assert.isUndefined(messages['ui.library.title'])

    const { web: learner } = await signedIn()
    const home = await learner.visit('/')
    assert.notProperty(home.props, 'messages')
    assert.match(home.props.messagesScripts[1], /^\/i18n\/en\.study\.[0-9a-f]{16}\.js$/)
    assert.match(home.props.messagesScripts[2], /^\/i18n\/en\.app\.[0-9a-f]{16}\.js$/)
    assert.isString((await learner.messages(home))['ui.decks.empty.title'])
    const poll = await partialProps(learner, '/', 'decks')
    assert.notProperty(poll, 'messages')
  })

  test("each part is kept a year, with no cookie; an old path gets today's text, not kept", async ({
    assert,
  }) => {
    const web = new WebSession({ 'accept-language': 'fr' })
    const page = WebSession.page((await web.get('/sign-in')).text)
    const base = web.base
    const [common] = page.props.messagesScripts
    const current = await fetch(`${base}${common}`)
    assert.equal(current.status, 200)
    assert.equal(current.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.match(current.headers.get('content-type')!, /^text\/javascript/)
    assert.lengthOf(current.headers.getSetCookie(), 0)
    const text = await current.text()
    assert.isTrue(text.startsWith('Object.assign((globalThis.mnemoMessages??={})["fr"]??={},'))
    assert.equal((await web.messages(page))['ui.auth.sign_in_title'], 'Content de te revoir')

    const stale = await fetch(`${base}/i18n/fr.common.0000000000000000.js`)
    assert.equal(stale.status, 200)
    assert.equal(stale.headers.get('cache-control'), 'no-cache')
    assert.equal(await stale.text(), text)

    assert.equal((await fetch(`${base}/i18n/xx.common.0000000000000000.js`)).status, 404)
    assert.equal((await fetch(`${base}/i18n/fr.nowhere.0000000000000000.js`)).status, 404)
    assert.equal((await fetch(`${base}${common}`, { method: 'POST' })).status, 404)
  })
})
