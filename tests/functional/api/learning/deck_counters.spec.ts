import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { createDeck, basicNote, setProgress } from '#tests/support/content'
import { answer, learnerWithDeck, start } from './support.js'

/*
 * The deck counters of GET decks say what a study session of the deck will
 * show: the same three numbers as the session's topCounters, and no card
 * counted twice (a learning card is not also "to review"; a frozen card is
 * due nowhere).
 */

async function deckOf(client: any, token: string, id: number) {
  const response = await client.get('/api/decks').bearerToken(token)
  response.assertStatus(200)
  return response.body().decks.find((deck: any) => deck.id === id)
}

test.group('API learning: deck counters agree with the session', (group) => {
  group.each.setup(() => resetState())

  test('8 new, 4 learning and 4 frozen cards: 0 to review, in GET decks and in the session alike', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 16)
    const deckId = session.deck.id
    /* four notes frozen while in review and overdue: frozen cards are due nowhere */
    const frozen = session.notes.slice(12).map((note: any) => note.id)
    for (const noteId of frozen)
      await setProgress(session.user.id, noteId, {
        state: 'review',
        dueAt: new Date(Date.now() - 86_400_000),
      })
    const freeze = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(session.token)
      .json({ deck_id: deckId, ids: frozen })
    freeze.assertStatus(200)
    /* four cards answered Again: learning, due again within a minute */
    const first = await start(client, session, deckId)
    for (const card of first.cards.slice(0, 4)) await answer(client, session, deckId, card, 'again')

    const deck = await deckOf(client, session.token, deckId)
    assert.include(deck, {
      totalCardsCount: 16,
      newCardsCount: 8,
      learningCardsCount: 4,
      frozenCardsCount: 4,
      totalToReviewCount: 0,
    })
    assert.deepEqual(deck.topCounters, { new: 8, learning: 4, graduated: 0 })
    const shown = await client.get(`/api/decks/${deckId}`).bearerToken(session.token)
    assert.deepEqual(shown.body().topCounters, deck.topCounters)

    const studied = await start(client, session, deckId)
    assert.deepEqual(studied.topCounters, deck.topCounters)
  })

  test(
    'reviews due and the daily limits count as the session counts them, for a subdeck by its ' +
      "root's settings",
    async ({ client, assert }) => {
      const session = await learnerWithDeck(client, 6)
      const rootId = session.deck.id
      const child = await createDeck(client, session.token, { name: 'Chapter', parent_id: rootId })
      const childNotes = []
      for (let index = 1; index <= 5; index++)
        childNotes.push(
          await basicNote(client, session.token, child.id, `Child ${index}`, `Answer ${index}`)
        )
      /* two reviews due today in the root, one not due until next week; the root allows 3 new cards a day */
      await setProgress(session.user.id, session.notes[0].id, {
        state: 'review',
        dueAt: new Date(Date.now() - 3_600_000),
      })
      await setProgress(session.user.id, session.notes[1].id, {
        state: 'review',
        dueAt: new Date(Date.now() - 60_000),
      })
      await setProgress(session.user.id, session.notes[2].id, {
        state: 'review',
        dueAt: new Date(Date.now() + 7 * 86_400_000),
      })
      const limit = await client
        .put(`/api/decks/${rootId}`)
        .bearerToken(session.token)
        .json({ deck: { new_cards_per_day: 3 } })
      limit.assertStatus(200)

      const root = await deckOf(client, session.token, rootId)
      assert.deepEqual(root.topCounters, { new: 3, learning: 0, graduated: 2 })
      assert.equal(root.totalToReviewCount, 2)
      assert.equal(
        root.newCardsCount,
        8,
        'the state counts stay whole: 3 new in the root and 5 in the chapter'
      )
      assert.deepEqual((await start(client, session, rootId)).topCounters, root.topCounters)

      /* the chapter has no limit of its own: its root's applies, as in its session */
      const chapter = await deckOf(client, session.token, child.id)
      assert.deepEqual(chapter.topCounters, { new: 3, learning: 0, graduated: 0 })
      assert.deepEqual((await start(client, session, child.id)).topCounters, chapter.topCounters)
    }
  )
})
