import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signedIn, WebSession, pageCall as call } from '#tests/support/web_session'
import { textPdf } from '#tests/support/pdfs'
import { eventStream } from '#tests/support/event_stream'
import { createDeck } from '#actions/decks/create_deck'
import User from '#models/user'
import { eventually } from '#tests/support/eventually'

async function pdfForm(pages?: string) {
  const data = new FormData()
  if (pages) data.append('pages', pages)
  data.append('file', new Blob([new Uint8Array(await textPdf())]), 'cells.pdf')
  return data
}

test.group('Web: the AI flashcard generator', (group) => {
  group.each.setup(() => resetState())

  test('the page says the offline generator is in use and shows the limits and free generations left', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const response = await web.get('/ai/generate')
    assert.equal(response.status, 200)
    const page = WebSession.page(response.text)
    assert.equal(page.component, 'ai/generate')
    assert.equal(page.props.provider, 'offline')
    assert.deepInclude(page.props.limits, { maxCards: 20, maxPages: 20, pdfMaxMb: 20 })
    assert.deepEqual(page.props.freeTier, {
      aiGenWithPrompt: 5,
      aiGenWithPdf: 20,
      aiGenCardBuilder: 5,
    })
    assert.isNull(page.props.deck)
  })

  test(
    "upload, stream into a deck with the notes arriving as server-sent events, then the poll's " +
      'state is over',
    async ({ assert }) => {
      const { user, web } = await signedIn('ana@example.test')
      await web.get('/ai/generate')
      const deck = await createDeck(await User.findOrFail(user.id), { name: 'Biology' })
      const events = await eventStream(web)
      assert.equal(events.status, 200)
      const subscribed = await call(web, 'POST', '/__transmit/subscribe', {
        uid: events.uid,
        channel: `ai/decks/${deck.id}`,
      })
      assert.equal(subscribed.status, 204)

      const upload = await call(web, 'POST', '/ai/documents', await pdfForm('1-4'))
      assert.equal(upload.status, 201, JSON.stringify(upload.body))
      const started = await call(web, 'POST', '/ai/streams', {
        deck_id: deck.id,
        document_id: upload.body.documentId,
        card_format: 'basic',
        detail_level: 'standard',
        cards_amount: 4,
      })
      assert.equal(started.status, 201, JSON.stringify(started.body))
      assert.equal(started.body.channel, `ai/decks/${deck.id}`)
      const finished = await eventually(
        () => events.events.find((event) => event.payload?.type === 'finished'),
        'the finished event'
      )
      await events.close()
      const notes = events.events
        .filter((event) => event.channel === `ai/decks/${deck.id}` && event.payload.type === 'note')
        .map((event) => event.payload)
      assert.lengthOf(notes, 4)
      assert.deepEqual(
        notes.map((note) => note.count),
        [1, 2, 3, 4]
      )
      assert.include(finished.payload, {
        status: 'done',
        count: 4,
        streamId: started.body.streamId,
      })
      const saved = await db.from('notes').where('deck_id', deck.id).orderBy('id')
      assert.deepEqual(
        notes.map((note) => note.note.id),
        saved.map((note) => note.id)
      )
      const status = await call(web, 'GET', `/ai/streams/${started.body.streamId}`)
      assert.equal(status.body.status, 'done')
      assert.deepEqual(status.body.freeTier, {
        aiGenWithPrompt: 5,
        aiGenWithPdf: 19,
        aiGenCardBuilder: 5,
      })
    }
  )

  test(
    "another user can neither subscribe to the deck's channel nor follow or cancel its stream; no channel of " +
      'other names exists',
    async ({ assert }) => {
      const owner = await signedIn('ana@example.test')
      const other = await signedIn('bo@example.test')
      await owner.web.get('/ai/generate')
      await other.web.get('/ai/generate')
      const upload = await call(owner.web, 'POST', '/ai/documents', await pdfForm())
      const started = await call(owner.web, 'POST', '/ai/streams', {
        document_id: upload.body.documentId,
        cards_amount: 2,
      })
      assert.equal(started.status, 201)
      const deckId = started.body.deckId
      const events = await eventStream(other.web)
      const refused = await call(other.web, 'POST', '/__transmit/subscribe', {
        uid: events.uid,
        channel: `ai/decks/${deckId}`,
      })
      assert.equal(refused.status, 403)
      assertErrorBody(assert, refused.body, 'E_FORBIDDEN')
      const open = await call(other.web, 'POST', '/__transmit/subscribe', {
        uid: events.uid,
        channel: 'anything/else',
      })
      assert.equal(open.status, 403)
      await events.close()
      const status = await call(other.web, 'GET', `/ai/streams/${started.body.streamId}`)
      assert.equal(status.status, 404)
      const cancel = await call(other.web, 'DELETE', `/ai/streams/${started.body.streamId}`, {
        delete_notes: true,
      })
      assert.equal(cancel.status, 404)
      const theirs = await call(other.web, 'POST', '/ai/streams', {
        deck_id: deckId,
        document_id: upload.body.documentId,
      })
      assert.equal(theirs.status, 404)
      const page = await other.web.get(`/ai/generate?deck_id=${deckId}`)
      assert.isNull(WebSession.page(page.text).props.deck)
      /* signed out: no events at all */
      const visitor = await fetch(`${owner.web.base}/__transmit/events?uid=${randomUUID()}`, {
        headers: { accept: 'application/json' },
      })
      assert.equal(visitor.status, 401)
      const missing = await call(owner.web, 'GET', '/__transmit/events')
      assert.equal(missing.status, 422)
    }
  )

  test('the card builder from the web: words mode, and the validation errors of the web door', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    await web.get('/ai/generate')
    const started = await call(web, 'POST', '/ai/streams', {
      mode: 'words',
      user_prompt: 'gato - cat\nperro - dog',
      translation_from: 'es',
      translation_to: 'en',
    })
    assert.equal(started.status, 201, JSON.stringify(started.body))
    const invalid = await call(web, 'POST', '/ai/streams', { mode: 'words', user_prompt: '' })
    assert.equal(invalid.status, 422)
    const wrongFile = new FormData()
    wrongFile.append('file', new Blob(['a,b']), 'cards.csv')
    const notPdf = await call(web, 'POST', '/ai/documents', wrongFile)
    assert.equal(notPdf.status, 422)
    assertErrorBody(assert, notPdf.body, 'E_PDF_ONLY')
  })
})
