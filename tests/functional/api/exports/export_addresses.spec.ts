import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { outboxDirectory } from '#config/mail'
import { readOutbox } from '#services/mail/outbox_transport'
import { assertErrorBody, linkIn, resetState, waitForMail } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'
import { basicNote, createDeck, signIn, type Session } from '#tests/support/content'
import { exportJobIds, exportMail, requestExport, waitForExport } from './support.js'
import { jobsSettled } from '#tests/support/queue'

const CONFIRM_SUBJECT = 'Confirm this address for Mnemo exports'

/** The confirmation links mailed to `to`, oldest first (waits, bounded, for `count` of them). */
async function confirmationLinks(to: string, count = 1) {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const mails = (await readOutbox(outboxDirectory)).filter(
      (mail) => mail.to.includes(to) && mail.subject === CONFIRM_SUBJECT
    )
    if (mails.length >= count)
      return mails
        .reverse()
        .map((mail) => ({ mail, path: new URL(linkIn(mail.text, '/exports/confirm')).pathname }))
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`fewer than ${count} confirmation mails reached ${to}`)
}

/** Mails to `to` with this subject, now (no wait): "nothing more was sent" compares two of these. */
async function mailsTo(to: string, subject = CONFIRM_SUBJECT) {
  return (await readOutbox(outboxDirectory)).filter(
    (mail) => mail.to.includes(to) && mail.subject === subject
  ).length
}

async function deckOf(client: any, session: Session, name = 'Biology') {
  const deck = await createDeck(client, session.token, { name })
  await basicNote(client, session.token, deck.id, 'cell', 'the unit of life')
  return deck
}

/** Opens the mailed link in a browser and presses its button, as its reader would. */
async function confirm(path: string, web = new WebSession()) {
  await web.get(path)
  return web.post(path)
}

const exportRow = (id: number) => db.from('deck_exports').where('id', id).first()
const addressRow = (userId: number, email: string) =>
  db.from('export_addresses').where({ user_id: userId, email }).first()

test.group('Exports go only to a proven or confirmed address', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test(
    "the account's own address, not proven yet: the export waits for the link mailed there, which starts it " +
      'and proves the address',
    async ({ client, assert }) => {
      const session = await signIn({
        email: 'ana@example.test',
        name: 'Ana Lima',
        username: 'ana.lima',
        emailVerified: false,
      })
      const deck = await deckOf(client, session)
      const jobsBefore = await exportJobIds()

      const response = await requestExport(client, session.token, {
        deck_id: deck.id,
        email: 'ana@example.test',
        include_progress: false,
      })
      response.assertStatus(202)
      assert.equal(response.body().status, 'awaiting_confirmation')
      assert.equal(response.body().state, 'awaiting_confirmation')
      assert.isNull(response.body().downloadUrl)
      assert.deepEqual(await exportJobIds(), jobsBefore, 'no export job before the confirmation')

      const [{ mail, path }] = await confirmationLinks('ana@example.test')
      /* the mail names neither the learner nor the deck (text the learner chose); the page behind the link does */
      assert.notInclude(mail.text, 'Ana Lima')
      assert.notInclude(mail.text, 'Biology')

      /* opening the link (a mail scanner does) confirms nothing; the page names who asked */
      const browser = new WebSession()
      for (let i = 0; i < 2; i++) {
        const page = await browser.visit(path)
        assert.equal(page.component, 'exports/confirm_address')
        assert.containsSubset(page.props, {
          state: 'ask',
          email: 'ana@example.test',
          requester: '@ana.lima',
        })
      }
      assert.equal((await exportRow(response.body().id)).status, 'awaiting_confirmation')

      const confirmed = await browser.post(path)
      assert.equal(confirmed.status, 200)
      assert.containsSubset(WebSession.page(confirmed.text).props, {
        state: 'done',
        email: 'ana@example.test',
        started: 1,
      })

      const done = await waitForExport(client, session.token, response.body().id)
      assert.equal(done.status, 'done')
      const { link } = await exportMail('ana@example.test')
      assert.match(link, /\/exports\/\d+\/download\?/)
      assert.isNotNull((await User.findOrFail(session.user.id)).emailVerifiedAt)

      /* proven now: the next export starts at once, and the used link works no more */
      const next = await requestExport(client, session.token, { deck_id: deck.id })
      assert.equal(next.body().status, 'queued')
      const again = await browser.post(path)
      assert.equal(again.status, 410)
      assert.equal(WebSession.page(again.text).props.state, 'expired')
    }
  )

  test('an address proven by a used reset link, or by Google, takes exports at once', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'bo@example.test', emailVerified: false })
    const deck = await deckOf(client, session)
    await client.post('/api/auth/reset-password').json({ email: 'bo@example.test' })
    const token = linkIn((await waitForMail('bo@example.test')).text, '/reset-password')
      .split('/')
      .pop()
    ;(
      await client.put(`/api/auth/reset-password/${token}`).json({ password: 'brand-new-pass' })
    ).assertStatus(200)
    const login = await client
      .post('/api/authentication/login_with_provider')
      .json({ kind: 'email', user: { email: 'bo@example.test', password: 'brand-new-pass' } })
    const exported = await requestExport(client, login.body().token, { deck_id: deck.id })
    assert.equal(exported.body().status, 'queued')

    const { signIdentityToken } = await import('#tests/support/identity_server')
    const google = await client.post('/api/authentication/login_with_provider').json({
      kind: 'google',
      id_token: await signIdentityToken('google', {
        sub: 'g-cy',
        email: 'cy@gmail.test',
        email_verified: true,
      }),
    })
    const cy = {
      token: google.body().token as string,
      user: await User.findByOrFail('email', 'cy@gmail.test'),
    }
    const cyDeck = await deckOf(client, cy)
    assert.equal(
      (await requestExport(client, cy.token, { deck_id: cyDeck.id })).body().status,
      'queued'
    )
  })

  test(
    'another address waits for its own link; once confirmed it is remembered for this learner, and an ' +
      "address change un-proves the account's",
    async ({ client, assert }) => {
      const session = await signIn({ email: 'ana@example.test' })
      const deck = await deckOf(client, session)

      const first = await requestExport(client, session.token, {
        deck_id: deck.id,
        email: 'Teacher@School.test',
      })
      assert.equal(first.body().status, 'awaiting_confirmation')
      assert.equal(first.body().email, 'teacher@school.test')
      /* the learner's own proven address still takes exports at once */
      assert.equal(
        (await requestExport(client, session.token, { deck_id: deck.id })).body().status,
        'queued'
      )

      const [{ path }] = await confirmationLinks('teacher@school.test')
      await confirm(path)
      assert.equal((await waitForExport(client, session.token, first.body().id)).status, 'done')
      await exportMail('teacher@school.test')

      assert.equal(
        (
          await requestExport(client, session.token, {
            deck_id: deck.id,
            email: 'teacher@school.test',
          })
        ).body().status,
        'queued'
      )
      assert.equal(
        (
          await requestExport(client, session.token, {
            deck_id: deck.id,
            email: 'other@school.test',
          })
        ).body().status,
        'awaiting_confirmation'
      )

      /* a new account address is not proven until a link mailed there is used */
      const changed = await client
        .put(`/api/users/${session.user.id}`)
        .bearerToken(session.token)
        .json({
          user: { email: 'ana.new@example.test', current_password: 'correct-horse-battery' },
        })
      changed.assertStatus(200)
      assert.equal(
        (await requestExport(client, session.token, { deck_id: deck.id })).body().status,
        'awaiting_confirmation'
      )
    }
  )

  test("another learner's confirmation link does nothing for this learner, whoever opens it", async ({
    client,
    assert,
  }) => {
    const ana = await signIn({ email: 'ana@example.test', name: 'Ana' })
    const bo = await signIn({ email: 'bo@example.test', name: 'Bo' })
    const anaDeck = await deckOf(client, ana)
    const boDeck = await deckOf(client, bo)

    const anaExport = await requestExport(client, ana.token, {
      deck_id: anaDeck.id,
      email: 'shared@example.test',
    })
    const [anaLink] = await confirmationLinks('shared@example.test')
    const boExport = await requestExport(client, bo.token, {
      deck_id: boDeck.id,
      email: 'shared@example.test',
    })
    const [, boLink] = await confirmationLinks('shared@example.test', 2)
    assert.notEqual(anaLink.path, boLink.path)

    /* Bo, signed in, opens Ana's link: it names Ana, and confirms for Ana only */
    const boBrowser = new WebSession()
    await boBrowser.get('/sign-in')
    await boBrowser.post('/sign-in', {
      email: 'bo@example.test',
      password: 'correct-horse-battery',
    })
    assert.equal((await boBrowser.visit(anaLink.path)).props.requester, `@${ana.user.username}`)
    const used = await boBrowser.post(anaLink.path)
    assert.containsSubset(WebSession.page(used.text).props, { state: 'done', started: 1 })

    assert.equal((await waitForExport(client, ana.token, anaExport.body().id)).status, 'done')
    assert.equal((await exportRow(boExport.body().id)).status, 'awaiting_confirmation')
    assert.isNull((await addressRow(bo.user.id, 'shared@example.test')).confirmed_at)
    assert.isNotNull((await addressRow(ana.user.id, 'shared@example.test')).confirmed_at)
    assert.deepEqual(
      (await boBrowser.request('GET', '/exports/addresses').then((r) => JSON.parse(r.text)))
        .confirmed,
      ['bo@example.test']
    )
    assert.equal(
      (
        await requestExport(client, bo.token, { deck_id: boDeck.id, email: 'shared@example.test' })
      ).body().status,
      'awaiting_confirmation'
    )

    /* Bo's own link still works, and starts Bo's waiting exports */
    const boUsed = await confirm(boLink.path)
    assert.containsSubset(WebSession.page(boUsed.text).props, { state: 'done', started: 2 })
  })

  test(
    'a second export to the same address within 10 minutes sends no second link; the first link ' +
      'starts both',
    async ({ client, assert }) => {
      const session = await signIn({ email: 'ana@example.test' })
      const deck = await deckOf(client, session)
      const one = await requestExport(client, session.token, {
        deck_id: deck.id,
        email: 'me@elsewhere.test',
      })
      const [{ path }] = await confirmationLinks('me@elsewhere.test')
      const two = await requestExport(client, session.token, {
        deck_id: deck.id,
        email: 'me@elsewhere.test',
        format: 'csv',
      })
      assert.equal(two.body().status, 'awaiting_confirmation')
      await jobsSettled()
      assert.equal(await mailsTo('me@elsewhere.test'), 1)

      const used = await confirm(path)
      assert.equal(WebSession.page(used.text).props.started, 2)
      for (const id of [one.body().id, two.body().id])
        assert.equal((await waitForExport(client, session.token, id)).status, 'done')
    }
  )

  test(
    'a link past its 24 hours, or made up, confirms nothing; an export that waited longer fails ' +
      'as unconfirmed',
    async ({ client, assert }) => {
      const session = await signIn({ email: 'ana@example.test' })
      const deck = await deckOf(client, session)
      const waiting = await requestExport(client, session.token, {
        deck_id: deck.id,
        email: 'late@example.test',
      })
      const [{ path }] = await confirmationLinks('late@example.test')

      for (const made of ['/exports/confirm/not-a-token', `${path}x`]) {
        const page = await new WebSession().get(made)
        assert.equal(page.status, 410)
        assert.equal(WebSession.page(page.text).props.state, 'expired')
      }

      await db
        .from('export_addresses')
        .update({ token_expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
      await db
        .from('deck_exports')
        .where('id', waiting.body().id)
        .update({ created_at: DateTime.now().minus({ hours: 25 }).toJSDate() })
      const browser = new WebSession()
      assert.equal((await browser.visit(path)).props.state, 'expired')
      assert.equal((await browser.post(path)).status, 410)
      assert.isNull((await addressRow(session.user.id, 'late@example.test')).confirmed_at)

      const shown = await client
        .get(`/api/deck_exports/${waiting.body().id}`)
        .bearerToken(session.token)
      assert.containsSubset(shown.body(), {
        status: 'failed',
        error: 'unconfirmed',
        downloadUrl: null,
      })
    }
  )

  test('at most 20 exports in any 24 hours: the 21st is E_EXPORT_DAILY_LIMIT (429); older ones do not count', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'ana@example.test' })
    const deck = await deckOf(client, session)
    const row = (hoursAgo: number) => ({
      user_id: session.user.id,
      deck_id: deck.id,
      deck_name: 'Biology',
      email: 'ana@example.test',
      format: 'ofc',
      include_progress: false,
      status: 'done',
      created_at: DateTime.now().minus({ hours: hoursAgo }).toJSDate(),
      updated_at: new Date(),
    })
    await db.table('deck_exports').multiInsert(Array.from({ length: 20 }, () => row(23)))
    const jobsBefore = await exportJobIds()

    const refused = await client
      .post('/api/deck_exports')
      .bearerToken(session.token)
      .header('Accept-Language', 'de')
      .json({ deck_id: deck.id })
    refused.assertStatus(429)
    assertErrorBody(assert, refused.body(), 'E_EXPORT_DAILY_LIMIT')
    assert.equal(refused.body().title, 'Du hast heute schon 20 Exporte angefordert')
    assert.isString(refused.body().body)
    assert.deepEqual(await exportJobIds(), jobsBefore)
    assert.equal(await mailsTo('other@example.test'), 0)
    const other = await requestExport(client, session.token, {
      deck_id: deck.id,
      email: 'other@example.test',
    })
    other.assertStatus(429)

    await db
      .from('deck_exports')
      .update({ created_at: DateTime.now().minus({ hours: 25 }).toJSDate() })
    ;(await requestExport(client, session.token, { deck_id: deck.id })).assertStatus(202)
  })
})
