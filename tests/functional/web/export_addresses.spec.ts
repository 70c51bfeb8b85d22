import { test } from '@japa/runner'
import { createDeck } from '#actions/decks/create_deck'
import { LOCALES } from '#config/i18n'
import { catalogue } from '#tests/support/catalogue'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

test.group('Web: exports waiting for their address', (group) => {
  group.each.setup(() => resetState())

  test('the dialog learns which addresses need no confirmation; another learner never sees them', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const addresses = await web.request('GET', '/exports/addresses')
    assert.equal(addresses.status, 200)
    assert.deepEqual(JSON.parse(addresses.text), { confirmed: ['ana@example.test'] })

    const { web: other } = await signedIn('bo@example.test')
    assert.deepEqual(JSON.parse((await other.request('GET', '/exports/addresses')).text), {
      confirmed: ['bo@example.test'],
    })
    const signedOut = await new WebSession().get('/exports/addresses')
    assert.match(signedOut.location ?? '', /^\/sign-in/)
  })

  test(
    'an export to an unconfirmed address says so after sending, and the exports page shows it waiting, in ' +
      'every language',
    async ({ assert }) => {
      const { user, web } = await signedIn('ana@example.test')
      const deck = await createDeck(user, { name: 'Biology' })
      await web.get('/')
      const sent = await web.post(`/decks/${deck.id}/exports`, {
        email: 'teacher@school.test',
        format: 'csv',
        mail_link: true,
      })
      assert.equal(sent.status, 302)
      const flash = (await web.visit('/')).props.flash
      assert.equal(
        flash.success,
        'Confirm teacher@school.test first: we e-mailed it a link. The export starts once it is used.'
      )
      assert.deepEqual(flash.action, { label: 'See exports', href: '/exports' })

      const list = await web.get('/exports')
      const [item] = WebSession.page(list.text).props.exports
      assert.containsSubset(item, {
        state: 'awaiting_confirmation',
        email: 'teacher@school.test',
        downloadUrl: null,
        failure: null,
      })
      assert.isString(item.confirmUntil)
      assert.include(main(list.text), 'Waiting for confirmation')
      assert.include(
        main(list.text),
        'Confirm teacher@school.test with the link we e-mailed there; the export starts then.'
      )

      for (const locale of LOCALES) {
        user.locale = locale
        await user.save()
        const messages = await catalogue(locale)
        const html = main((await web.get('/exports')).text)
        assert.include(html, messages['ui.exports.list.state.awaiting_confirmation'], locale)
        assert.include(
          html,
          messages['ui.exports.list.awaiting_hint'].replace('{email}', 'teacher@school.test'),
          locale
        )
      }
    }
  )
})
