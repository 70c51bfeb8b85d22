import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import NoteType from '#models/note_type'
import type User from '#models/user'
import { assertErrorBody, resetState, tokenFor } from '#tests/support/helpers'
import { waitForJobs } from '#tests/support/content'
import { share } from '#tests/functional/api/participants/support'
import { signedIn, WebSession, pageCall as call, partialProps } from '#tests/support/web_session'

async function deckWithCards(user: User, count: number, name = 'Study deck') {
  const deck = await createDeck(user, { name })
  const rows = Array.from({ length: count }, (_, index) => ({
    front: `Question ${index + 1}`,
    back: `Answer ${index + 1}`,
  }))
  const notes = count ? await bulkCreateNotes(user, { deck_id: deck.id, import_data: rows }) : []
  return { deck, notes }
}

async function learningPage(web: WebSession, deckId: number) {
  const response = await web.get(`/decks/${deckId}/learn`)
  if (response.status !== 200) throw new Error(`GET /decks/${deckId}/learn: ${response.status}`)
  return WebSession.page(response.text)
}

const reviewCount = async (userId: number) =>
  Number((await db.from('review_logs').where('user_id', userId).count('* as n').first()).n)

test.group('Web: the learning page', (group) => {
  group.each.setup(() => resetState())

  test("the page opens a session of the owner's deck: first cards, counters, tutorial flag and streak", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck } = await deckWithCards(user, 9, 'Biology')

    const page = await learningPage(web, deck.id)
    assert.equal(page.component, 'learning/session')
    assert.deepEqual(page.props.session.deck, { id: deck.id, name: 'Biology', rootDeckId: deck.id })
    /* 7 per fetch, the oldest notes first */
    assert.lengthOf(page.props.session.cards, 7)
    assert.equal(page.props.session.card.id, page.props.session.cards[0].id)
    assert.include(page.props.session.card.front, 'Question 1')
    assert.include(page.props.session.card.back, 'Answer 1')
    assert.equal(page.props.session.card.version, 0)
    assert.deepEqual(
      page.props.session.card.answerButtons.map((button: any) => button.type),
      ['again', 'hard', 'good', 'easy']
    )
    assert.deepEqual(
      page.props.session.card.answerButtons.map((button: any) => button.repeatText),
      ['<1m', '8m', '15m', '4d']
    )
    assert.deepEqual(page.props.session.topCounters, { new: 9, learning: 0, graduated: 0 })
    assert.isNull(page.props.session.errorType)
    assert.equal(page.props.session.algorithmType, 'spacedRepetition')
    assert.isFalse(page.props.session.isUndoActionAvailable)
    assert.isFalse(page.props.session.tutorialSeen)
    assert.include(page.props.session.streak, {
      currentDuration: 0,
      todayCompleted: false,
      todayShown: false,
    })

    /* the repeat texts are in the learner's language */
    await db.from('users').where('id', user.id).update({ locale: 'fr' })
    const french = await learningPage(web, deck.id)
    assert.deepEqual(
      french.props.session.card.answerButtons.map((button: any) => button.repeatText),
      ['<1 min', '8 min', '15 min', '4 j']
    )
  })

  test("an empty deck says so; another learner's deck is the 404 page; signed out goes to sign in", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck: empty } = await deckWithCards(user, 0, 'Empty')
    const page = await learningPage(web, empty.id)
    assert.equal(page.props.session.errorType, 'emptyDeck')
    assert.isNull(page.props.session.card)
    assert.deepEqual(page.props.session.cards, [])

    const { deck } = await deckWithCards(user, 2)
    const other = await signedIn('bob@example.test')
    const foreign = await other.web.get(`/decks/${deck.id}/learn`)
    assert.equal(foreign.status, 404)
    assert.equal(WebSession.page(foreign.text).component, 'errors/not_found')
    assert.equal((await web.get('/decks/999999/learn')).status, 404)

    const signedOut = await new WebSession().get(`/decks/${deck.id}/learn`)
    assert.equal(signedOut.status, 302)
    assert.equal(
      signedOut.location,
      `/sign-in?next=${encodeURIComponent(`/decks/${deck.id}/learn`)}`
    )
  })

  test('next cards, an answer and its undo through the web session', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck } = await deckWithCards(user, 10)
    const start = await learningPage(web, deck.id)
    const held = start.props.session.cards.map((card: any) => card.id)
    const first = start.props.session.card

    const answered = await call(web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: first.id,
      answer: 'good',
      version: first.version,
      review_duration_ms: 3500,
    })
    assert.equal(answered.status, 200)
    assert.equal(answered.body.card.id, first.id)
    assert.equal(answered.body.card.state, 'learning')
    assert.equal(answered.body.card.version, 1)
    assert.isTrue(answered.body.isUndoActionAvailable)
    assert.deepEqual(answered.body.topCounters, { new: 9, learning: 1, graduated: 0 })
    assert.properties(answered.body.streak, ['currentDuration', 'todayCompleted', 'todayShown'])
    const review = await db.from('review_logs').where('user_id', user.id).firstOrFail()
    assert.include(review, { card_id: first.id, answer: 'good', duration_ms: 3500 })

    /* an answer naming the version the card had before is stale */
    const stale = await call(web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: first.id,
      answer: 'again',
      version: 0,
    })
    assert.equal(stale.status, 409)
    assertErrorBody(assert, stale.body, 'E_STALE_ANSWER')
    assert.equal(await reviewCount(user.id), 1)

    /* the page still holds cards 2–7: the next cards are the three others, never one it holds */
    const rest = held.slice(1)
    const next = await call(web, 'GET', `/learn/${deck.id}/cards?exclude_ids=${rest.join(',')}`)
    assert.equal(next.status, 200)
    const nextIds = next.body.cards.map((card: any) => card.id)
    assert.lengthOf(nextIds, 3)
    for (const id of nextIds) assert.notInclude(rest, id)
    assert.notInclude(
      nextIds,
      first.id,
      'a learning card due in 15 minutes waits while new cards are left'
    )
    assert.deepEqual(next.body.topCounters, { new: 9, learning: 1, graduated: 0 })
    const invalid = await call(web, 'GET', `/learn/${deck.id}/cards?exclude_ids=abc`)
    assert.equal(invalid.status, 422)

    const undone = await call(web, 'DELETE', `/learn/${deck.id}/undo`)
    assert.equal(undone.status, 200)
    assert.equal(undone.body.card.id, first.id)
    assert.equal(undone.body.card.state, 'new')
    assert.isAbove(undone.body.card.version, 1)
    assert.isFalse(undone.body.isUndoActionAvailable)
    assert.deepEqual(undone.body.topCounters, { new: 10, learning: 0, graduated: 0 })
    assert.equal(await reviewCount(user.id), 0)
    const nothing = await call(web, 'DELETE', `/learn/${deck.id}/undo`)
    assert.equal(nothing.status, 409)
    assertErrorBody(assert, nothing.body, 'E_NOTHING_TO_UNDO')
  })

  test('cards fetched ahead and not yet answered use up the daily new-card limit, on the web and in the API', async ({
    assert,
    client,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck } = await deckWithCards(user, 10)
    await db.from('decks').where('id', deck.id).update({ new_cards_per_day: 3 })
    const token = await tokenFor(user)
    const apiNext = async (held: number[]) => {
      const response = await client
        .get('/api/v2/learning/cards')
        .bearerToken(token)
        .qs({ deck_id: deck.id, exclude_ids: held.join(',') })
      response.assertStatus(200)
      return response.body()
    }
    const webNext = async (held: number[]) => {
      const response = await call(
        web,
        'GET',
        `/learn/${deck.id}/cards?exclude_ids=${held.join(',')}`
      )
      assert.equal(response.status, 200)
      return response.body
    }

    const start = await learningPage(web, deck.id)
    const held: number[] = start.props.session.cards.map((card: any) => card.id)
    assert.lengthOf(held, 3, 'the first fetch stops at the limit')
    for (const next of [await webNext(held), await apiNext(held)]) {
      assert.deepEqual(next.cards, [], "the three held cards are today's three new cards")
      assert.deepEqual(next.topCounters, { new: 3, learning: 0, graduated: 0 })
    }

    /* one answered ('easy': it leaves for days), two still held: still nothing new to hand out */
    const first = start.props.session.cards[0]
    const answered = await call(web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: first.id,
      answer: 'easy',
      version: first.version,
    })
    assert.equal(answered.status, 200)
    for (const next of [await webNext(held.slice(1)), await apiNext(held.slice(1))])
      assert.deepEqual(next.cards, [])
    /* the page let one go without answering it (a reload): that one comes back, no fourth */
    for (const next of [await webNext([held[1]]), await apiNext([held[1]])]) {
      assert.deepEqual(
        next.cards.map((card: any) => card.id),
        [held[2]]
      )
    }
    const counters = (await client.get(`/api/decks/${deck.id}`).bearerToken(token)).body()
    assert.include(counters, { learntTodayCount: 1, toLearnTodayTotalCount: 2 })
  })

  test(
    '"Shuffle cards" gives new cards an order of the learner\'s day, the same on every fetch; off, the ' +
      "notes' order",
    async ({ assert, client }) => {
      const { user, web } = await signedIn('ana@example.test')
      const { deck } = await deckWithCards(user, 20)
      const inOrder = (await learningPage(web, deck.id)).props.session.cards.map(
        (card: any) => card.front
      )
      assert.deepEqual(
        inOrder.map((front: string) => front.match(/Question \d+/)![0]),
        [1, 2, 3, 4, 5, 6, 7].map((n) => `Question ${n}`)
      )

      const update = await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(await tokenFor(user))
        .json({ deck: { shuffle_cards_enabled: true } })
      update.assertStatus(200)
      const first = (await learningPage(web, deck.id)).props.session.cards.map(
        (card: any) => card.id
      )
      const again = (await learningPage(web, deck.id)).props.session.cards.map(
        (card: any) => card.id
      )
      assert.deepEqual(again, first, 'the same order on every fetch of the day')
      const allIds = (
        await db.from('cards').where('deck_id', deck.id).orderBy('id').select('id')
      ).map((row) => row.id)
      assert.notDeepEqual(first, allIds.slice(0, 7), "not the notes' order")
      /* the next fetch goes on with that order, never repeating a held card */
      const next = await call(
        web,
        'GET',
        `/learn/${deck.id}/cards?exclude_ids=${first.join(',')}&limit=13`
      )
      const order = [...first, ...next.body.cards.map((card: any) => card.id)]
      assert.sameMembers(order, allIds)
      assert.lengthOf(new Set(order), 20)
    }
  )

  test('the card shown: its fields, an edit in place, the card sheet, freeze and remove', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck, notes } = await deckWithCards(user, 3)
    const start = await learningPage(web, deck.id)
    const [first, second, third] = start.props.session.cards

    const fields = await call(web, 'GET', `/learn/cards/${first.id}/fields`)
    assert.equal(fields.status, 200)
    /* what the notes editor opens a note with: the same editor edits it in the session */
    assert.include(fields.body.note, { id: notes[0].id, isReversed: false })
    assert.deepEqual(fields.body.note.fields, { Front: 'Question 1', Back: 'Answer 1' })
    assert.include(fields.body.noteType, { kind: 'basic', name: 'Basic' })
    assert.deepEqual(fields.body.noteType.fields, [
      { name: 'Front', required: true, labelKey: 'front' },
      { name: 'Back', required: false, labelKey: 'back' },
    ])
    assert.include(fields.body.deck, { id: deck.id, imagesAllowed: true })

    const edited = await call(web, 'PUT', `/learn/cards/${first.id}`, {
      fields: { Front: 'Question one', Back: 'Answer <b>one</b>' },
      deck_id: deck.id,
    })
    assert.equal(edited.status, 200)
    assert.equal(edited.body.card.id, first.id)
    assert.include(edited.body.card.front, 'Question one')
    assert.include(edited.body.card.back, 'Answer <b>one</b>')
    assert.equal(
      edited.body.card.version,
      first.version,
      "an edit of the note leaves the learner's progress as it was"
    )
    assert.lengthOf(edited.body.answerButtons, 4)
    assert.equal(
      (await db.from('notes').where('id', notes[0].id).first()).fields.Front,
      'Question one'
    )
    const emptied = await call(web, 'PUT', `/learn/cards/${first.id}`, {
      fields: { Front: '', Back: 'x' },
    })
    assert.equal(emptied.status, 422)

    await call(web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: first.id,
      answer: 'good',
      version: first.version,
      review_duration_ms: 2000,
    })
    const stats = await call(web, 'GET', `/learn/cards/${first.id}/stats`)
    assert.equal(stats.status, 200)
    assert.equal(stats.body.status, 'learning')
    assert.equal(stats.body.reviewsCount, 1)
    assert.equal(stats.body.averageReviewTimeMs, 2000)
    assert.deepEqual(
      stats.body.history.map((entry: any) => entry.answer),
      ['good']
    )

    const frozen = await call(web, 'POST', `/learn/cards/${second.id}/freeze`, { deck_id: deck.id })
    assert.equal(frozen.status, 200)
    assert.equal(frozen.body.noteId, notes[1].id)
    assert.deepEqual(frozen.body.frozenCardIds, [second.id])
    assert.deepEqual(frozen.body.topCounters, { new: 1, learning: 1, graduated: 0 })
    assert.isTrue(
      (await db.from('card_progress').where({ user_id: user.id, card_id: second.id }).first())
        .frozen
    )
    const afterFreeze = await call(web, 'GET', `/learn/${deck.id}/cards`)
    assert.notInclude(
      afterFreeze.body.cards.map((card: any) => card.id),
      second.id
    )

    /* remove takes the card out of study (suspends it), as DELETE cards/{id}/suspend does: nothing is deleted */
    const removed = await call(web, 'DELETE', `/learn/cards/${third.id}`, { deck_id: deck.id })
    assert.equal(removed.status, 200)
    assert.deepEqual(removed.body.removedCardIds, [third.id])
    assert.isTrue(removed.body.suspended)
    assert.deepEqual(removed.body.topCounters, { new: 0, learning: 1, graduated: 0 })
    assert.isNotNull(await db.from('notes').where('id', notes[2].id).first())
    assert.isNotNull(
      await db.from('card_suspensions').where({ user_id: user.id, card_id: third.id }).first()
    )
    const removedStats = await call(web, 'GET', `/learn/cards/${third.id}/stats`)
    assert.equal(removedStats.status, 200)
    assert.isTrue(removedStats.body.isSuspended)
    const afterRemove = await call(web, 'GET', `/learn/${deck.id}/cards`)
    assert.notInclude(
      afterRemove.body.cards.map((card: any) => card.id),
      third.id
    )
  })

  test(
    '"move" sends the card\'s note to another deck through the worker; the destination list comes when the ' +
      'dialog asks',
    async ({ assert, client }) => {
      const { user, web } = await signedIn('ana@example.test')
      const { deck, notes } = await deckWithCards(user, 3, 'Biology')
      const other = await createDeck(user, { name: 'Chemistry' })
      const page = await learningPage(web, deck.id)
      assert.notProperty(
        page.props,
        'destinations',
        'the decks to move to are not on the first visit'
      )
      const picked = await partialProps(web, `/decks/${deck.id}/learn`, 'destinations')
      assert.sameMembers(
        picked.destinations.map((entry: any) => entry.name),
        ['Biology', 'Chemistry']
      )
      assert.notProperty(picked, 'cards', 'a partial reload sends the destinations only')

      const first = page.props.session.card
      assert.equal(first.noteId, notes[0].id)
      const moved = await call(web, 'POST', `/learn/cards/${first.id}/move`, {
        deck_id: deck.id,
        destination_deck_id: other.id,
      })
      assert.equal(moved.status, 200)
      assert.deepEqual(moved.body, {
        noteId: notes[0].id,
        movedCardIds: [first.id],
        destination: { id: other.id, name: 'Chemistry' },
      })
      await waitForJobs(client, await tokenFor(user), [deck.id])
      assert.equal((await db.from('notes').where('id', notes[0].id).first()).deck_id, other.id)
      assert.equal((await db.from('cards').where('id', first.id).first()).deck_id, other.id)
      const after = await call(web, 'GET', `/learn/${deck.id}/cards`)
      assert.notInclude(
        after.body.cards.map((card: any) => card.noteId),
        notes[0].id
      )
      assert.deepEqual(after.body.topCounters, { new: 2, learning: 0, graduated: 0 })

      /* no destination: the catalogue's validation error, nothing started */
      const missing = await call(web, 'POST', `/learn/cards/${after.body.cards[0].id}/move`, {
        deck_id: deck.id,
      })
      assert.equal(missing.status, 422)
      assertErrorBody(assert, missing.body, 'E_VALIDATION_ERROR')
      assert.equal((await db.from('decks').where('id', deck.id).first()).state, 'active')
    }
  ).timeout(30_000)

  test('a viewer of a shared deck cannot move its cards', async ({ assert }) => {
    const owner = await signedIn('ana@example.test')
    const { deck, notes } = await deckWithCards(owner.user, 1, 'Shared')
    const viewer = await signedIn('bob@example.test')
    await share(deck, viewer.user, 'viewer')
    const own = await createDeck(viewer.user, { name: 'Mine' })
    const card = (await learningPage(viewer.web, deck.id)).props.session.card
    const refused = await call(viewer.web, 'POST', `/learn/cards/${card.id}/move`, {
      deck_id: deck.id,
      destination_deck_id: own.id,
    })
    assert.equal(refused.status, 403)
    assertErrorBody(assert, refused.body, 'E_FORBIDDEN')
    assert.equal((await db.from('notes').where('id', notes[0].id).first()).deck_id, deck.id)
    assert.equal((await db.from('decks').where('id', deck.id).first()).state, 'active')
  })

  test('the tutorial is marked seen once for the account', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck } = await deckWithCards(user, 1)
    assert.isFalse((await learningPage(web, deck.id)).props.session.tutorialSeen)
    const seen = await call(web, 'POST', '/learn/tutorial_seen')
    assert.equal(seen.status, 204)
    await user.refresh()
    assert.isTrue(user.learningTutorialSeen)
    assert.isTrue((await learningPage(web, deck.id)).props.session.tutorialSeen)
  })

  test('a type-in card carries the field and the answer the page compares with', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Anatomy' })
    const typeIn = await NoteType.query()
      .whereNull('user_id')
      .where('kind', 'type_in')
      .firstOrFail()
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Longest bone', back: '<b>Femur</b>' }],
      template_id: typeIn.id,
    })
    const page = await learningPage(web, deck.id)
    assert.deepEqual(page.props.session.card.typeIn, { field: 'Back', expected: 'Femur' })
  })
})

test.group("Web: learning calls are the owner's and need the XSRF token", (group) => {
  group.each.setup(() => resetState())

  test("another learner's deck or card is a 404 and changes nothing", async ({ assert }) => {
    const owner = await signedIn('ana@example.test')
    const { deck, notes } = await deckWithCards(owner.user, 2)
    const { card } = await learningPage(owner.web, deck.id).then((page) => page.props.session)
    await call(owner.web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: card.id,
      answer: 'good',
      version: 0,
    })

    const intruder = await signedIn('bob@example.test')
    const { deck: own } = await deckWithCards(intruder.user, 1, 'Own deck')
    await intruder.web.get('/')
    const calls: [string, string, object?][] = [
      ['GET', `/learn/${deck.id}/cards`],
      ['POST', `/learn/${deck.id}/answer`, { card_id: card.id, answer: 'good', version: 1 }],
      ['DELETE', `/learn/${deck.id}/undo`],
      ['GET', `/learn/cards/${card.id}/fields`],
      ['PUT', `/learn/cards/${card.id}`, { fields: { Front: 'hacked', Back: 'x' } }],
      ['POST', `/learn/cards/${card.id}/freeze`],
      ['DELETE', `/learn/cards/${card.id}`],
      ['GET', `/learn/cards/${card.id}/stats`],
      ['POST', `/learn/cards/${card.id}/freeze`, { deck_id: own.id }],
      ['POST', `/learn/cards/${card.id}/move`, { destination_deck_id: own.id }],
    ]
    for (const [method, path, body] of calls) {
      const response = await call(intruder.web, method, path, body)
      assert.equal(response.status, 404, `${method} ${path}`)
      assertErrorBody(assert, response.body, 'E_NOT_FOUND')
    }
    /* a foreign session deck named with the intruder's own card: refused before anything changes */
    const ownCard = (await learningPage(intruder.web, own.id)).props.session.card
    const foreignDeck = await call(intruder.web, 'POST', `/learn/cards/${ownCard.id}/freeze`, {
      deck_id: deck.id,
    })
    assert.equal(foreignDeck.status, 404)
    assert.isNull(
      await db
        .from('card_progress')
        .where({ user_id: intruder.user.id, card_id: ownCard.id })
        .first()
    )
    const foreignEdit = await call(intruder.web, 'PUT', `/learn/cards/${ownCard.id}`, {
      fields: { Front: 'changed', Back: 'x' },
      deck_id: deck.id,
    })
    assert.equal(foreignEdit.status, 404)
    assert.equal(
      (await db.from('notes').where('deck_id', own.id).first()).fields.Front,
      'Question 1'
    )

    assert.equal(await reviewCount(owner.user.id), 1)
    assert.equal(await reviewCount(intruder.user.id), 0)
    const note = await db.from('notes').where('id', notes[0].id).first()
    assert.equal(note.fields.Front, 'Question 1')
    const progress = await db
      .from('card_progress')
      .where({ user_id: owner.user.id, card_id: card.id })
      .first()
    assert.isFalse(progress.frozen)
  })

  test('a write without the XSRF token is refused and changes nothing; signed out is a 401', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const { deck, notes } = await deckWithCards(user, 2)
    const { card } = (await learningPage(web, deck.id)).props.session
    await call(web, 'POST', `/learn/${deck.id}/answer`, {
      card_id: card.id,
      answer: 'good',
      version: 0,
    })
    const second = (await learningPage(web, deck.id)).props.session.card

    const forged: [string, string, object?][] = [
      [
        'POST',
        `/learn/${deck.id}/answer`,
        { card_id: second.id, answer: 'easy', version: second.version },
      ],
      ['DELETE', `/learn/${deck.id}/undo`],
      ['PUT', `/learn/cards/${second.id}`, { fields: { Front: 'forged', Back: 'x' } }],
      ['POST', `/learn/cards/${second.id}/freeze`],
      ['DELETE', `/learn/cards/${second.id}`],
      ['POST', `/learn/cards/${second.id}/move`, { destination_deck_id: deck.id }],
      ['POST', '/learn/tutorial_seen'],
    ]
    for (const [method, path, body] of forged) {
      const response = await call(web, method, path, body, { csrf: false })
      assert.equal(response.status, 403, `${method} ${path}`)
      assertErrorBody(assert, response.body, 'E_BAD_CSRF_TOKEN')
    }
    assert.equal(await reviewCount(user.id), 1)
    assert.equal(
      (await db.from('notes').where('id', notes[1].id).first()).fields.Front,
      'Question 2'
    )
    assert.isNull(
      await db.from('card_progress').where({ user_id: user.id, card_id: second.id }).first()
    )
    await user.refresh()
    assert.isFalse(user.learningTutorialSeen)

    const signedOut = new WebSession()
    await signedOut.get('/sign-in')
    const anonymous = await call(signedOut, 'GET', `/learn/${deck.id}/cards`)
    assert.equal(anonymous.status, 401)
    assertErrorBody(assert, anonymous.body, 'E_UNAUTHORIZED')
    const anonymousAnswer = await call(signedOut, 'POST', `/learn/${deck.id}/answer`, {
      card_id: second.id,
      answer: 'easy',
      version: 0,
    })
    assert.equal(anonymousAnswer.status, 401)
    assert.equal(await reviewCount(user.id), 1)
  })
})
