import { test } from '@japa/runner'
import { makeUser, resetState, waitForMail } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

/** The server-rendered main part of a page, where a raw key like "ui.dev.outbox_title" would show. */
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

test.group('Web: the development outbox', (group) => {
  group.each.setup(() => resetState())

  test("speaks the visitor's language, with no raw keys, and lists each mail with its link", async ({
    assert,
  }) => {
    await makeUser({ email: 'ana@example.test', locale: 'de' })
    const web = new WebSession()
    await web.get('/forgot-password')
    await web.post('/forgot-password', { email: 'ana@example.test' })
    await waitForMail('ana@example.test', 20_000)

    const english = await new WebSession().get('/dev/outbox')
    assert.equal(english.status, 200)
    assert.include(main(english.text), '<h1>Outbox (development)</h1>')
    /* it says what it is: a development tool that keeps mail instead of sending it, absent in production */
    assert.include(
      main(english.text),
      'A development tool, not part of the product: this page does not exist in production.'
    )
    assert.include(main(english.text), 'instead of sending them')
    assert.include(main(english.text), '<dt>To</dt><dd>ana@example.test</dd>')
    assert.notMatch(main(english.text), /\bui\.[a-z_]+\./)
    assert.match(main(english.text), /<a href="http:\/\/[^"]+\/reset-password\/[\w-]+">/)

    const german = await new WebSession({ 'accept-language': 'de' }).get('/dev/outbox')
    assert.include(main(german.text), '<h1>Postausgang (Entwicklung)</h1>')
    assert.include(main(german.text), 'Ein Entwicklungswerkzeug, kein Teil des Produkts')
    assert.include(main(german.text), '<dt>An</dt>')
    assert.notMatch(main(german.text), /\bui\.[a-z_]+\./)
  })
})
