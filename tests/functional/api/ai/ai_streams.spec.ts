import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { longPdf, scannedPdf, textPdf } from '#tests/support/pdfs'
import { FREE_MAX_CARDS, PREMIUM_MAX_CARDS } from '#actions/ai/generation_limits'
import { PDF_MAX_PAGES } from '#services/pdf_text'
import {
  createDeck,
  deckRow,
  documentId,
  freeTier,
  notesOf,
  signIn,
  uploadPdf,
  waitForStream,
} from './support.js'
import { createFolder, fillDeck } from '#tests/support/content'
import { guestSession } from '../limits/support.js'

/*
 * The AI stream calls with the offline generator (no provider configured),
 * the notes made by the `ai_stream` job in the worker process.
 */
test.group('API AI streams: offline generator through the worker', (group) => {
  group.each.setup(() => resetState())

  test('a PDF becomes a new deck in the folder, note by note, and the stream reports them', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Biology' })
    assert.isNumber(folder.id)
    const upload = await uploadPdf(client, token, await textPdf(), { pages: '1-3' })
    upload.assertStatus(201)
    assert.include(upload.body(), { pageCount: 4, characters: upload.body().characters })
    assert.deepEqual(upload.body().pages, [1, 2, 3])
    assert.include(upload.body().excerpt, 'A cell is the smallest unit of life')
    assert.notInclude(
      (await db.from('ai_documents').first()).text,
      'Mitosis',
      'page 4 was not chosen'
    )

    const created = await client.post('/api/notes/ai_stream_create').bearerToken(token).json({
      deck_name: 'Cells',
      folder_id: folder.id,
      card_format: 'basic',
      detail_level: 'standard',
      custom_prompt: '',
      user_prompt: '',
      document_id: upload.body().documentId,
    })
    created.assertStatus(201)
    assert.include(created.body(), {
      deckName: 'Cells',
      activeProvider: 'offline',
      maxCards: FREE_MAX_CARDS,
    })
    assert.deepEqual(created.body().freeTier, {
      aiGenWithPrompt: 5,
      aiGenWithPdf: 19,
      aiGenCardBuilder: 5,
    })

    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
    assert.equal(done.provider, 'offline')
    assert.isAbove(done.count, 3)
    assert.lengthOf(done.notes, done.count)
    const fronts = done.notes.map((note: any) => note.front.preview).join(' | ')
    assert.match(
      fronts,
      /cell|nucleus|mitochondria|membrane|osmosis|diffusion|chloroplast|photosynthesis/i
    )
    assert.notMatch(fronts, /mitosis|meiosis/i)

    const deck = await deckRow(done.deckId)
    assert.equal(deck.state, 'active')
    assert.equal(deck.source, 'created_ai_pdf')
    assert.strictEqual(deck.folder_id, folder.id)
    assert.include(deck.processing, {
      count: done.count,
      total: done.count,
      streamId: done.streamId,
    })
    assert.lengthOf(await notesOf(deck.id), done.count)
    /* each note has its card: no half note */
    const cards = await db.from('cards').where('deck_id', deck.id)
    assert.lengthOf(cards, done.count)
    assert.equal((await freeTier(user.id)).pdf, 19)
    /* the poll no longer lists the deck: the finished toast shows */
    const poll = await client.get('/api/decks/polling').bearerToken(token)
    assert.deepEqual(poll.body().decks, [])
  })

  test('into an existing deck, reversed: each note makes two cards, and the deck keeps its name and state', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Mine' })
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        card_format: 'reversed',
        detail_level: 'brief',
        document_id: await documentId(client, token, await textPdf()),
        cards_amount: 4,
      })
    created.assertStatus(201)
    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'done')
    assert.equal(done.count, 4)
    assert.isTrue(done.notes.every((note: any) => note.isReversed))
    assert.lengthOf(await db.from('cards').where('deck_id', deck.id), 8)
    const row = await deckRow(deck.id)
    assert.equal(row.name, 'Mine')
    assert.equal(row.state, 'active')
  })

  test('cloze: the notes are cloze notes whose text hides a part', async ({ client, assert }) => {
    const { token } = await signIn()
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({
        card_format: 'cloze',
        document_id: await documentId(client, token, await textPdf()),
        cards_amount: 3,
      })
    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'done')
    const notes = await notesOf(done.deckId)
    assert.lengthOf(notes, 3)
    for (const note of notes) assert.match(note.fields.Text, /\{\{c1::.+?\}\}/)
  })

  test('a scanned PDF (no text) is "Impossible to generate cards" at upload, and nothing is taken', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await uploadPdf(client, token, await scannedPdf())
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_AI_NOTHING_GENERATED')
    assert.equal(response.body().title, 'Impossible to generate cards')
    assert.equal((await freeTier(user.id)).pdf, 20)
    assert.lengthOf(await db.from('ai_documents'), 0)
  })

  test(
    'PDF rules: PDF only, one file at a time, the size limit, at most the maximum of pages, pages ' +
      'that exist',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const notPdf = await uploadPdf(
        client,
        token,
        Buffer.from('front,back\na,b\n'),
        {},
        'cards.csv'
      )
      notPdf.assertStatus(422)
      assertErrorBody(assert, notPdf.body(), 'E_PDF_ONLY')
      const renamed = await uploadPdf(
        client,
        token,
        Buffer.from('just text, not a PDF at all'),
        {},
        'fake.pdf'
      )
      renamed.assertStatus(422)
      assertErrorBody(assert, renamed.body(), 'E_PDF_ONLY')
      const two = await client
        .post('/api/notes/ai_document')
        .bearerToken(token)
        .file('file', await textPdf(), { filename: 'a.pdf' })
        .file('file2', await textPdf(), { filename: 'b.pdf' })
      two.assertStatus(422)
      assertErrorBody(assert, two.body(), 'E_ONE_FILE_ONLY')
      const big = await uploadPdf(
        client,
        token,
        Buffer.concat([await textPdf(), Buffer.alloc(21 * 1024 * 1024, 32)])
      )
      big.assertStatus(422)
      assertErrorBody(assert, big.body(), 'E_PDF_TOO_BIG')
      const long = await longPdf(PDF_MAX_PAGES + 1)
      const tooMany = await uploadPdf(client, token, long)
      tooMany.assertStatus(422)
      assertErrorBody(assert, tooMany.body(), 'E_PDF_TOO_MANY_PAGES')
      const chosen = await uploadPdf(client, token, long, { pages: `1-${PDF_MAX_PAGES}` })
      chosen.assertStatus(201)
      assert.lengthOf(chosen.body().pages, PDF_MAX_PAGES)
      for (const pages of ['0', '2-1', 'one', `${PDF_MAX_PAGES + 2}`]) {
        const bad = await uploadPdf(client, token, long, { pages })
        bad.assertStatus(422)
        assertErrorBody(assert, bad.body(), 'E_PDF_PAGES_INVALID')
      }
      const missing = await client.post('/api/notes/ai_document').bearerToken(token).json({})
      missing.assertStatus(422)
    }
  )

  test('an uploaded document is kept 24 hours: older ones go at the next upload, a recent one stays', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const old = await documentId(client, token, await textPdf())
    const recent = await documentId(client, token, await textPdf())
    /* direct write: a day is not waited for */
    await db
      .from('ai_documents')
      .where('id', old)
      .update({ created_at: db.raw(`now() - interval '25 hours'`) })
    const next = await documentId(client, token, await textPdf())
    assert.sameMembers(
      (await db.from('ai_documents').select('id')).map((row) => row.id),
      [recent, next]
    )
    const gone = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ document_id: old })
    gone.assertStatus(404)
  })

  test('validation: bad format, level, ids and amounts are 422 and leave nothing', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const bodies = [
      { card_format: 'poem', document_id: 1 },
      { detail_level: 'huge', user_prompt: 'x' },
      { deck_id: 'abc', user_prompt: 'x' },
      { folder_id: -1, user_prompt: 'x' },
      { cards_amount: 0, user_prompt: 'x' },
      { cards_amount: FREE_MAX_CARDS + 1, document_id: 1 },
      {},
    ]
    for (const body of bodies) {
      const response = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    const tooMany = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ cards_amount: FREE_MAX_CARDS + 1, document_id: 1 })
    assertErrorBody(assert, tooMany.body(), 'E_AI_TOO_MANY_CARDS')
    const unknownDocument = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ document_id: 999 })
    unknownDocument.assertStatus(404)
    const bulk = await client
      .post('/api/notes/ai_bulk_create')
      .bearerToken(token)
      .json({ card_format: 'basic' })
    bulk.assertStatus(422)
    const status = await client
      .get('/api/notes/stream_status')
      .qs({ stream_id: 'x' })
      .bearerToken(token)
    status.assertStatus(422)
    const cancel = await client
      .delete('/api/notes/cancel_stream')
      .qs({ stream_id: 2147483648 })
      .bearerToken(token)
    cancel.assertStatus(422)
    assert.lengthOf(await db.from('decks').where('user_id', user.id), 0)
    assert.lengthOf(await db.from('ai_streams'), 0)
    assert.deepEqual(await freeTier(user.id), { pdf: 20, prompt: 5, cardBuilder: 5 })
  })

  test('an open topic without a provider: 422 E_AI_NEEDS_PROVIDER at once, nothing created or taken', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ user_prompt: 'The French revolution', card_format: 'basic' })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_AI_NEEDS_PROVIDER')
    assert.lengthOf(await db.from('decks').where('user_id', user.id), 0)
    assert.equal((await freeTier(user.id)).prompt, 5)
  })

  test('ai_bulk_create: a word list with translations becomes vocabulary cards (card builder count)', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client.post('/api/notes/ai_bulk_create').bearerToken(token).json({
      user_prompt: 'das Haus - the house\nder Hund - the dog\ndie Katze - the cat',
      card_format: 'basic',
      cards_amount: 10,
      translation_from: 'de',
      translation_to: 'en',
    })
    response.assertStatus(201)
    const done = await waitForStream(client, token, response.body().streamId)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
    assert.equal(done.count, 3)
    const notes = await notesOf(done.deckId)
    assert.sameMembers(
      notes
        .map((note) => `${note.fields.Front}=${note.fields.Back}`)
        .map((text) => text.replace(/<[^>]+>/g, '')),
      ['das Haus=the house', 'der Hund=the dog', 'die Katze=the cat']
    )
    assert.equal((await freeTier(user.id)).cardBuilder, 4)
    assert.equal((await deckRow(done.deckId)).source, 'created_ai_prompt')
  })

  test('a word list the offline generator cannot translate fails, and the card builder count comes back', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const response = await client
      .post('/api/notes/ai_bulk_create')
      .bearerToken(token)
      .json({ user_prompt: 'Haus\nHund', translation_from: 'de', translation_to: 'en' })
    response.assertStatus(201)
    assert.equal(response.body().freeTier.aiGenCardBuilder, 4)
    const done = await waitForStream(client, token, response.body().streamId)
    assert.equal(done.status, 'failed')
    assert.equal(done.count, 0)
    assert.equal(done.error.code, 'E_AI_NEEDS_PROVIDER')
    assert.equal((await freeTier(user.id)).cardBuilder, 5)
    assert.equal((await deckRow(done.deckId)).state, 'active')
  })

  test(
    'free counts go down per generation; at zero 402 E_AI_FREE_LIMIT and nothing is made; premium is not ' +
      'counted and gets more cards',
    async ({ client, assert }) => {
      const { user, token } = await signIn()
      await db.from('users').where('id', user.id).update({ free_ai_pdf: 1 })
      const document = await documentId(client, token, await textPdf())
      const first = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ document_id: document, cards_amount: 2 })
      first.assertStatus(201)
      assert.equal(first.body().freeTier.aiGenWithPdf, 0)
      await waitForStream(client, token, first.body().streamId)
      const decksBefore = (await db.from('decks').where('user_id', user.id)).length
      const refused = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ document_id: document, cards_amount: 2 })
      refused.assertStatus(402)
      assertErrorBody(assert, refused.body(), 'E_AI_FREE_LIMIT')
      assert.equal(refused.body().counter, 'aiGenWithPdf')
      assert.lengthOf(await db.from('decks').where('user_id', user.id), decksBefore)
      assert.lengthOf(await db.from('ai_streams'), 1)
      const me = await client.get('/api/users/me').bearerToken(token)
      assert.deepEqual(me.body().freeTier, {
        aiGenWithPrompt: 5,
        aiGenWithPdf: 0,
        aiGenCardBuilder: 5,
      })
      /* the other counters are their own */
      const words = await client
        .post('/api/notes/ai_bulk_create')
        .bearerToken(token)
        .json({ user_prompt: 'uno - one' })
      words.assertStatus(201)

      await db.from('users').where('id', user.id).update({ is_premium: true })
      const premium = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ document_id: document, cards_amount: PREMIUM_MAX_CARDS })
      premium.assertStatus(201)
      assert.isNull(premium.body().freeTier)
      assert.equal(premium.body().maxCards, PREMIUM_MAX_CARDS)
      await waitForStream(client, token, premium.body().streamId)
      assert.equal((await freeTier(user.id)).pdf, 0)
      const over = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(token)
        .json({ document_id: document, cards_amount: PREMIUM_MAX_CARDS + 1 })
      assertErrorBody(assert, over.body(), 'E_AI_TOO_MANY_CARDS')
    }
  )

  test('two requests racing for the last free generation: one is accepted', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await db.from('users').where('id', user.id).update({ free_ai_pdf: 1 })
    const document = await documentId(client, token, await textPdf())
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        client
          .post('/api/notes/ai_stream_create')
          .bearerToken(token)
          .json({ document_id: document, cards_amount: 1 })
      )
    )
    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [201, 402, 402]
    )
    assert.equal((await freeTier(user.id)).pdf, 0)
    const accepted = answers.find((answer) => answer.status() === 201)!
    await waitForStream(client, token, accepted.body().streamId)
  })

  test(
    "a guest: generated cards count toward the guests' created-cards limit (the default 200): the stream " +
      'stops there, the next one is refused',
    async ({ client, assert }) => {
      const guest = await guestSession(client)
      const deck = await createDeck(client, guest.token, { name: 'Guest deck' })
      const basic = await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()
      /* direct writes: 198 cards through the API would be 198 calls */
      await fillDeck(guest.user.id, deck.id, basic.id, 198)
      const created = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(guest.token)
        .json({
          document_id: await documentId(client, guest.token, await textPdf()),
          cards_amount: 5,
        })
      created.assertStatus(201)
      const done = await waitForStream(client, guest.token, created.body().streamId)
      assert.equal(done.status, 'done')
      assert.equal(done.count, 2)
      assert.equal(done.error.code, 'E_GUEST_CARDS_LIMIT')
      const full = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(guest.token)
        .json({
          document_id: await documentId(client, guest.token, await textPdf()),
          cards_amount: 1,
        })
      full.assertStatus(403)
      assertErrorBody(assert, full.body(), 'E_GUEST_CARDS_LIMIT')
      assert.equal(
        Number(
          (
            await db
              .from('cards')
              .join('decks', 'decks.id', 'cards.deck_id')
              .where('decks.user_id', guest.user.id)
              .count('* as n')
              .first()
          ).n
        ),
        200
      )
    }
  )

  test('a deck at 3000 cards takes no more: refused at once, and a stream stops at the limit', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Almost full' })
    const basic = await db.from('note_types').whereNull('user_id').where('kind', 'basic').first()
    /* direct writes: filling a deck through the API would take 2998 calls */
    await fillDeck(user.id, deck.id, basic.id, 2998)
    const created = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        document_id: await documentId(client, token, await textPdf()),
        cards_amount: 5,
      })
    created.assertStatus(201)
    const done = await waitForStream(client, token, created.body().streamId)
    assert.equal(done.status, 'done')
    assert.equal(done.count, 2)
    assert.equal(done.error.code, 'E_CARDS_LIMIT_REACHED')
    assert.lengthOf(await db.from('cards').where('deck_id', deck.id), 3000)
    const full = await client
      .post('/api/notes/ai_stream_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, document_id: await documentId(client, token, await textPdf()) })
    full.assertStatus(422)
    assertErrorBody(assert, full.body(), 'E_CARDS_LIMIT_REACHED')
  })

  test(
    'another user is refused on every call: no status, no cancel, no stream into their deck, no use of their ' +
      'document',
    async ({ client, assert }) => {
      const owner = await signIn()
      const other = await signIn()
      const deck = await createDeck(client, owner.token, { name: 'Private' })
      const document = await documentId(client, owner.token, await textPdf())
      const created = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(owner.token)
        .json({ deck_id: deck.id, document_id: document, cards_amount: 2 })
      const streamId = created.body().streamId
      const status = await client
        .get('/api/notes/stream_status')
        .qs({ stream_id: streamId })
        .bearerToken(other.token)
      status.assertStatus(404)
      const cancel = await client
        .delete('/api/notes/cancel_stream')
        .qs({ stream_id: streamId, delete_notes: true })
        .bearerToken(other.token)
      cancel.assertStatus(404)
      const into = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(other.token)
        .json({
          deck_id: deck.id,
          document_id: await documentId(client, other.token, await textPdf()),
        })
      into.assertStatus(404)
      const bulkInto = await client
        .post('/api/notes/ai_bulk_create')
        .bearerToken(other.token)
        .json({ deck_id: deck.id, user_prompt: 'uno - one' })
      bulkInto.assertStatus(404)
      const theirs = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(other.token)
        .json({ document_id: document })
      theirs.assertStatus(404)
      const done = await waitForStream(client, owner.token, streamId)
      assert.equal(done.status, 'done')
      assert.equal(done.count, 2)
      assert.lengthOf(await db.from('decks').where('user_id', other.user.id), 0)
      for (const path of ['/api/notes/stream_status', '/api/notes/cancel_stream']) {
        const anonymous = path.includes('cancel')
          ? await client.delete(path).qs({ stream_id: streamId })
          : await client.get(path).qs({ stream_id: streamId })
        anonymous.assertStatus(401)
      }
    }
  )
})
