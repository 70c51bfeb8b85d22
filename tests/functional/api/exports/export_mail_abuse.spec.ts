import { test } from '@japa/runner'
import { outboxDirectory } from '#config/mail'
import { readOutbox } from '#services/mail/outbox_transport'
import { assertErrorBody, linkIn, resetState } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'
import { guestSession } from '../limits/support.js'
import { basicNote, createDeck, signIn } from '#tests/support/content'
import { exportMail, requestExport, waitForExport } from './support.js'
import { jobsSettled } from '#tests/support/queue'

/*
 * Exports must not turn Mnemo into a mailer for strangers: a learner chooses
 * their name and their decks' names, so mail to an address the account has
 * not proven carries none of that text; guests (free to make) have no mail
 * sent at all; and every address, and every sender, gets a few confirmation
 * links a day at most, counted atomically.
 */

const PHISHING_NAME = 'Your bank security team'
const PHISHING_DECK = 'URGENT: verify your account at https://evil.example/login'
const CHOSEN_TEXT = /bank security|URGENT|evil\.example|verify your account/i

/** Every mail to `to` now, with everything a reader sees. */
async function mailsTo(to: string) {
  return (await readOutbox(outboxDirectory)).filter((mail) => mail.to.includes(to))
}

/** Waits (bounded) until `count` mails reached `to`. */
async function waitForMails(to: string, count: number) {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const mails = await mailsTo(to)
    if (mails.length >= count) return mails
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`fewer than ${count} mails reached ${to}`)
}

const seen = (mail: { subject: string; text: string; html?: string }) =>
  `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`

test.group("Export mail cannot carry a stranger's text", (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test(
    "the confirmation and the file's mail to another address name neither the learner nor the deck; the own " +
      'proven address still does',
    async ({ client, assert }) => {
      const attacker = await signIn({ email: 'mallory@example.test', name: PHISHING_NAME })
      const deck = await createDeck(client, attacker.token, { name: PHISHING_DECK })
      await basicNote(client, attacker.token, deck.id, 'front', 'back')

      const asked = await requestExport(client, attacker.token, {
        deck_id: deck.id,
        email: 'victim@example.test',
      })
      asked.assertStatus(202)
      const [confirmation] = await waitForMails('victim@example.test', 1)
      assert.notMatch(seen(confirmation), CHOSEN_TEXT)
      assert.include(confirmation.text, 'victim@example.test')

      /* the victim confirms anyway: the file's mail is neutral too */
      const path = new URL(linkIn(confirmation.text, '/exports/confirm')).pathname
      const browser = new WebSession()
      await browser.get(path)
      await browser.post(path)
      assert.equal((await waitForExport(client, attacker.token, asked.body().id)).status, 'done')
      const { mail: ready } = await exportMail('victim@example.test')
      assert.notMatch(seen(ready), CHOSEN_TEXT)
      assert.match(ready.text, /\/exports\/\d+\/download\?/)

      /* the learner's own proven address reads their own names */
      const own = await requestExport(client, attacker.token, { deck_id: deck.id })
      assert.equal(own.body().status, 'queued')
      assert.equal((await waitForExport(client, attacker.token, own.body().id)).status, 'done')
      const { mail: mine } = await exportMail('mallory@example.test')
      assert.include(mine.subject, PHISHING_DECK)
    }
  )

  test(
    'a guest cannot have an export mailed to any address (403 E_GUEST_EXPORT_MAIL); the CSV download ' +
      'still works',
    async ({ client, assert }) => {
      const guest = await guestSession(client)
      const deck = await createDeck(client, guest.token, { name: PHISHING_DECK })
      await basicNote(client, guest.token, deck.id, 'front', 'back')

      for (const body of [
        { deck_id: deck.id, email: 'victim@example.test' },
        { deck_id: deck.id },
      ]) {
        const refused = await requestExport(client, guest.token, body)
        refused.assertStatus(403)
        assertErrorBody(assert, refused.body(), 'E_GUEST_EXPORT_MAIL')
        assert.isString(refused.body().body)
      }
      const csv = await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(guest.token)
      csv.assertStatus(200)
      await jobsSettled()
      assert.lengthOf(await mailsTo('victim@example.test'), 0)
    }
  )

  test('one address gets at most 3 confirmation links a day from all senders, even when 8 ask at once', async ({
    client,
    assert,
  }) => {
    const senders = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signIn({ email: `sender${index}@example.test` }))
    )
    const decks = await Promise.all(
      senders.map((sender) => createDeck(client, sender.token, { name: 'Biology' }))
    )
    const answers = await Promise.all(
      senders.map((sender, index) =>
        requestExport(client, sender.token, {
          deck_id: decks[index].id,
          email: 'Victim@Example.test',
        })
      )
    )

    const statuses = answers.map((answer) => answer.status())
    assert.equal(statuses.filter((status) => status === 202).length, 3, JSON.stringify(statuses))
    for (const answer of answers.filter((one) => one.status() !== 202)) {
      answer.assertStatus(429)
      assertErrorBody(assert, answer.body(), 'E_EXPORT_CONFIRMATION_LIMIT')
    }
    await waitForMails('victim@example.test', 3)
    await jobsSettled()
    assert.lengthOf(await mailsTo('victim@example.test'), 3)
    /* a tag is the same mailbox */
    const tagged = await requestExport(client, senders[0].token, {
      deck_id: decks[0].id,
      email: 'victim+again@example.test',
    })
    tagged.assertStatus(429)
  })

  test('one account sends at most 5 confirmation links a day; its own proven address is not held back', async ({
    client,
    assert,
  }) => {
    const sender = await signIn({ email: 'ana@example.test' })
    const deck = await createDeck(client, sender.token, { name: 'Biology' })
    for (let index = 0; index < 5; index++) {
      ;(
        await requestExport(client, sender.token, {
          deck_id: deck.id,
          email: `friend${index}@example.test`,
        })
      ).assertStatus(202)
    }
    const refused = await requestExport(client, sender.token, {
      deck_id: deck.id,
      email: 'friend5@example.test',
    })
    refused.assertStatus(429)
    assertErrorBody(assert, refused.body(), 'E_EXPORT_CONFIRMATION_LIMIT')
    assert.lengthOf(await mailsTo('friend5@example.test'), 0)
    const own = await requestExport(client, sender.token, { deck_id: deck.id })
    own.assertStatus(202)
    assert.equal(own.body().status, 'queued')
  })
})
