import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { dispatch, SCHEDULES } from '#services/queue'
import { resetState } from '#tests/support/helpers'
import { eventually } from '#tests/support/eventually'
import { workerOutput } from '#tests/support/worker_process'
import { basicNote, createDeck, getDeck, signIn } from '#tests/support/content'

/*
 * Every note made appends a row to its deck's tally (migration 0047); the
 * worker's hourly compact_deck_card_tallies folds them into one, and the
 * deck's number of cards, as the API gives it, stays what it was.
 */
const rowsOf = async (deckId: number) =>
  Number((await db.from('deck_card_tallies').where('deck_id', deckId).count('* as n').first()).n)

test.group('Jobs: the decks’ card tallies folded in the worker', (group) => {
  group.each.setup(() => resetState())

  test('notes made one by one leave a row each; the job folds them, the deck still counts its cards', async ({
    client,
    assert,
  }) => {
    assert.deepInclude(
      SCHEDULES,
      { name: 'compact_deck_card_tallies', everyMs: 60 * 60 * 1000 },
      'the worker runs it on its own, hourly'
    )
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'One by one' })
    for (let index = 1; index <= 5; index++) await basicNote(client, token, deck.id, `Q${index}`)
    await basicNote(client, token, deck.id, 'Both ways', 'answer', { reverse: true })
    assert.isAtLeast(await rowsOf(deck.id), 6, 'a row for each note made, at least')
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 7)

    await dispatch('compact_deck_card_tallies', {})
    await eventually(
      async () => (await rowsOf(deck.id)) === 1,
      `the fold; the worker said:\n${workerOutput()}`
    )
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 7)
  }).timeout(60_000)
})
