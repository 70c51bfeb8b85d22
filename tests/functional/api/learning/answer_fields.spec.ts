import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { answer, learnerWithDeck, start } from './support.js'

/*
 * The spec's learning response after an answer and an undo carries errorType
 * (allCardsLearned when nothing is left to show, emptyDeck, else null) and
 * algorithmType, as the start and the next cards do: the app ends the
 * session on the answer that finished the deck, without another call.
 */
test.group('API learning: errorType and algorithmType on answer and undo', (group) => {
  group.each.setup(() => resetState())

  test('the answer that finishes the deck says allCardsLearned; undo brings the card back', async ({
    client,
    assert,
  }) => {
    const session = await learnerWithDeck(client, 1)
    let body = await start(client, session, session.deck.id)
    const first = await answer(client, session, session.deck.id, body.card, 'good')
    assert.isNull(first.errorType, 'the 15 m learning step is still to come (learn-ahead)')
    assert.equal(first.algorithmType, 'spacedRepetition')

    body = await start(client, session, session.deck.id)
    const last = await answer(client, session, session.deck.id, body.card, 'good')
    assert.equal(last.errorType, 'allCardsLearned')
    assert.equal(last.algorithmType, 'spacedRepetition')

    const undo = await client
      .delete('/api/learning/undo')
      .bearerToken(session.token)
      .qs({ deck_id: session.deck.id })
    undo.assertStatus(200)
    assert.isNull(undo.body().errorType, 'the undone card is there to study again')
    assert.equal(undo.body().algorithmType, 'spacedRepetition')
  })
})
