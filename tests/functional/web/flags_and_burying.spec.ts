import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { basicNote } from '#tests/support/content'
import { signedIn, WebSession, pageCall as call } from '#tests/support/web_session'

/*
 * Issue 32 through the web's door: the learning page's flag (Ctrl+1..7) and
 * bury ('-') calls, the deck dialog's burying options, an answer burying a
 * sibling, and the card browser's bulk flag.
 */

/** A deck with one reversed note (two sibling cards) and one plain note, made through the API. */
async function deckWithSiblings(client: any, user: any, name = 'Spanish') {
  const deck = await createDeck(user, { name })
  const token = await tokenFor(user)
  await basicNote(client, token, deck.id, 'gato', 'cat', { reverse: true })
  await basicNote(client, token, deck.id, 'perro', 'dog')
  const cards = await db.from('cards').where('deck_id', deck.id).orderBy('id').select('id')
  const [front, back, plain] = cards.map((row) => row.id as number)
  return { deck, front, back, plain }
}

async function learningPage(web: WebSession, deckId: number) {
  const response = await web.get(`/decks/${deckId}/learn`)
  if (response.status !== 200) throw new Error(`GET /decks/${deckId}/learn: ${response.status}`)
  return WebSession.page(response.text).props.session
}

const nextCards = async (web: WebSession, deckId: number) =>
  (await call(web, 'GET', `/learn/${deckId}/cards`)).body.cards.map((card: any) => card.id)

/* the learner's next study day, as it finds the burials: they lie a day further back */
const aDayLater = (userId: number) =>
  db.rawQuery(`update card_burials set until = until - interval '1 day' where user_id = ?`, [
    userId,
  ])

test.group('Web: card flags and burying', (group) => {
  group.each.setup(() => resetState())

  test('PUT /learn/cards/:id/flag flags the card shown, the page shows it; a stranger gets a 404', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck, front } = await deckWithSiblings(client, user)
    const flagged = await call(web, 'PUT', `/learn/cards/${front}/flag`, { flag: 4 })
    assert.equal(flagged.status, 200)
    assert.include(flagged.body, { cardId: front, flag: 4 })
    const session = await learningPage(web, deck.id)
    assert.equal(session.card.id, front)
    assert.equal(session.card.flag, 4)
    assert.deepEqual(
      session.cards.map((card: any) => card.flag),
      [4, 0, 0]
    )
    const cleared = await call(web, 'PUT', `/learn/cards/${front}/flag`, { flag: 0 })
    assert.equal(cleared.status, 200)
    assert.equal((await learningPage(web, deck.id)).card.flag, 0)

    const stranger = await signedIn('stranger@example.test')
    const refused = await call(stranger.web, 'PUT', `/learn/cards/${front}/flag`, { flag: 1 })
    assert.equal(refused.status, 404)
    assert.lengthOf(await db.from('card_flags'), 0)
  })

  test(
    "the deck's burying option set in its dialog: answering a card buries its sibling for the day, the " +
      'page leaves it out, the next day brings it back',
    async ({ client, assert }) => {
      const { user, web } = await signedIn('ana@example.test')
      const { deck, front, back, plain } = await deckWithSiblings(client, user)
      const saved = await call(web, 'PUT', `/decks/${deck.id}/algorithm`, {
        algorithm_preset: 'general',
        bury_new: true,
      })
      assert.oneOf(saved.status, [200, 302])
      const sheet = await call(web, 'GET', `/decks/${deck.id}/algorithm`)
      assert.include(sheet.body, { buryNew: true, buryReviews: false, buryInterdayLearning: false })

      const session = await learningPage(web, deck.id)
      assert.equal(session.card.id, front)
      const answered = await call(web, 'POST', `/learn/${deck.id}/answer`, {
        card_id: front,
        answer: 'good',
        version: session.card.version,
        review_duration_ms: 3000,
      })
      assert.equal(answered.status, 200)
      assert.deepEqual(answered.body.buriedCardIds, [back])
      assert.deepEqual(answered.body.topCounters, { new: 1, learning: 1, graduated: 0 })
      assert.notInclude(await nextCards(web, deck.id), back)
      assert.include(await nextCards(web, deck.id), plain)
      const page = await learningPage(web, deck.id)
      assert.notInclude(
        page.cards.map((card: any) => card.id),
        back
      )

      /* the browser marks it buried */
      const browser = await web.visit('/cards?q=gato')
      const row = browser.props.browser.cards.find((card: any) => card.id === back)
      assert.isTrue(row.isBuried)

      await aDayLater(user.id)
      assert.include(await nextCards(web, deck.id), back)
    }
  )

  test("POST /learn/cards/:id/bury ('-') buries the card shown; a stranger gets a 404", async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck, front, back } = await deckWithSiblings(client, user)
    await learningPage(web, deck.id)
    const buried = await call(web, 'POST', `/learn/cards/${front}/bury`, { deck_id: deck.id })
    assert.equal(buried.status, 200)
    assert.include(buried.body, { cardId: front, buried: true })
    assert.deepEqual(buried.body.topCounters, { new: 2, learning: 0, graduated: 0 })
    assert.notInclude(await nextCards(web, deck.id), front)
    assert.include(await nextCards(web, deck.id), back)

    const stranger = await signedIn('stranger@example.test')
    const refused = await call(stranger.web, 'POST', `/learn/cards/${back}/bury`, {})
    assert.equal(refused.status, 404)
    assert.lengthOf(await db.from('card_burials'), 1)
  })

  test('the card browser sets and clears a flag on the checked cards; cards of a stranger are a 404', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { front, back, plain } = await deckWithSiblings(client, user)
    await web.get('/cards')
    const flagged = await web.post('/cards/bulk', {
      bulk_action: 'flag',
      note_ids: [],
      card_ids: [front, plain],
      flag: 2,
    })
    assert.equal(flagged.status, 302)
    const page = await web.visit('/cards?sort=sort_field&order=asc')
    const flags = Object.fromEntries(
      page.props.browser.cards.map((card: any) => [card.id, card.flag])
    )
    assert.deepEqual(flags, { [front]: 2, [back]: 0, [plain]: 2 })

    const cleared = await web.post('/cards/bulk', {
      bulk_action: 'flag',
      note_ids: [],
      card_ids: [front],
      flag: 0,
    })
    assert.equal(cleared.status, 302)
    const rows = await db.from('card_flags').where('user_id', user.id).select('card_id', 'flag')
    assert.deepEqual(rows, [{ card_id: plain, flag: 2 }])

    const owner = await makeUser({ email: 'owner@example.test' })
    const theirs = await deckWithSiblings(client, owner, 'Theirs')
    const refused = await web.post('/cards/bulk', {
      bulk_action: 'flag',
      note_ids: [],
      card_ids: [front, theirs.front],
      flag: 5,
    })
    assert.equal(refused.status, 404)
    assert.deepEqual(await db.from('card_flags').orderBy('card_id').select('card_id', 'flag'), [
      { card_id: plain, flag: 2 },
    ])
  })
})
