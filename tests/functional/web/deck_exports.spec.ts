import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { withQueuePaused } from '#tests/support/queue'
import { makeUser, resetState, waitForMail } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { readOutbox } from '#services/mail/outbox_transport'
import { outboxDirectory } from '#config/mail'

const exports = () => db.from('deck_exports').orderBy('id').select('*')

test.group('Web: deck exports', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test("the deck menu's form queues the export and comes back with a toast; the link arrives by e-mail", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Cell', back: 'Unit of life' }],
    })
    await web.get('/')

    const response = await web.post(`/decks/${deck.id}/exports`, {
      format: 'apkg',
      include_progress: true,
      mail_link: true,
    })
    assert.equal(response.status, 302)
    assert.equal(new URL(response.location!, 'http://localhost').pathname, '/')
    const page = await web.visit('/')
    assert.equal(page.props.flash.success, "We'll e-mail you a link when it's ready")

    const [row] = await exports()
    assert.containsSubset(row, {
      user_id: user.id,
      deck_id: deck.id,
      deck_name: 'Biology',
      format: 'apkg',
      include_progress: true,
      email: 'ana@example.test',
    })
    const mail = await waitForMail('ana@example.test', 20_000)
    assert.include(mail.subject, 'Biology')
    assert.match(mail.text, new RegExp(`/exports/${row.id}/download\\?`))
  })

  test(
    'by default nothing is mailed: a learner whose address was never proven waits for no confirmation and ' +
      'downloads the file from the exports page',
    async ({ assert }) => {
      const { user, web } = await signedIn('new@example.test')
      await db.from('users').where('id', user.id).update({ email_verified_at: null })
      const deck = await createDeck(user, { name: 'Biology' })
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Cell', back: 'Unit of life' }],
      })
      await web.get('/')
      const response = await web.post(`/decks/${deck.id}/exports`, { format: 'csv' })
      assert.equal(response.status, 302)
      assert.equal(
        (await web.visit('/')).props.flash.success,
        'Your export is being prepared: download it from Your exports in a moment.'
      )
      const [row] = await exports()
      assert.isFalse(row.mail_link)
      assert.include(
        ['queued', 'processing', 'done'],
        row.status,
        'started at once, not awaiting a confirmation'
      )
      assert.lengthOf(
        await db.from('export_addresses').where('user_id', user.id),
        0,
        'no confirmation asked for'
      )

      const deadline = Date.now() + 20_000
      let item: any
      do {
        item = (await web.visit('/exports')).props.exports[0]
        if (item.state !== 'done') await new Promise((resolve) => setTimeout(resolve, 200))
      } while (item.state !== 'done' && Date.now() < deadline)
      assert.equal(item.state, 'done')
      assert.isFalse(item.mailed)
      const file = await web.get(item.downloadUrl)
      assert.equal(file.status, 200)
      assert.equal(file.text, 'front,back,tags\r\nCell,Unit of life,\r\n')
      assert.lengthOf(await readOutbox(outboxDirectory), 0, 'no mail at all')
    }
  )

  test('another address and the default format (.ofc) are taken from the form', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ben@example.test')
    const deck = await createDeck(user, { name: 'Words' })
    await web.get('/')
    await withQueuePaused(() =>
      web.post(`/decks/${deck.id}/exports`, { email: 'Backup@Example.test', mail_link: true })
    )
    const [row] = await exports()
    assert.containsSubset(row, {
      format: 'ofc',
      include_progress: false,
      email: 'backup@example.test',
    })
  })

  test("a bad e-mail comes back as the field's error; nothing is queued", async ({ assert }) => {
    const { user, web } = await signedIn('cy@example.test')
    const deck = await createDeck(user, { name: 'Words' })
    await web.get('/')
    const response = await web.post(`/decks/${deck.id}/exports`, { email: 'nope' })
    assert.equal(response.status, 302)
    const page = await web.visit('/')
    assert.isString(page.props.errors.email)
    assert.lengthOf(await exports(), 0)
  })

  test('the form needs the CSRF token and a signed-in user', async ({ assert }) => {
    const { user, web } = await signedIn('dee@example.test')
    const deck = await createDeck(user, { name: 'Guarded' })
    await web.get('/')
    const forged = await web.post(`/decks/${deck.id}/exports`, {}, { csrf: false })
    assert.equal(forged.status, 302)
    assert.equal(
      (await web.visit('/')).props.flash.error,
      'This page has expired. Please try again.'
    )

    const visitor = new WebSession()
    await visitor.get('/sign-in')
    const anonymous = await visitor.post(`/decks/${deck.id}/exports`, {})
    assert.equal(anonymous.location, '/sign-in')
    assert.lengthOf(await exports(), 0)
  })

  test("another user's deck is a 404 page, and nothing is queued", async ({ assert }) => {
    const owner = await makeUser({ email: 'owner@example.test' })
    const deck = await createDeck(owner, { name: 'Private' })
    const { web } = await signedIn('eve@example.test')
    await web.get('/')
    const response = await web.post(`/decks/${deck.id}/exports`, {})
    assert.equal(response.status, 404)
    assert.equal(WebSession.page(response.text).component, 'errors/not_found')
    assert.lengthOf(await exports(), 0)
  })
})
