import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { dispatch, SCHEDULES } from '#services/queue'
import { resetState } from '#tests/support/helpers'
import { workerOutput } from '#tests/support/worker_process'
import { signIn } from '#tests/support/content'
import { start, answer } from '../api/learning/support.js'
import { cloneDeck, liveDeck } from '../api/publishing/support.js'

const studiersOf = async (publicDeckId: number) =>
  (await db.from('public_decks').where('id', publicDeckId).firstOrFail()).studiers_count as number

/** Waits (bounded, not timed) until the worker has brought the count to `expected`. */
async function studiersBecome(publicDeckId: number, expected: number) {
  const deadline = Date.now() + 30_000
  while ((await studiersOf(publicDeckId)) !== expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))
  return studiersOf(publicDeckId)
}

test.group('Jobs: a library deck counts its studiers in the worker', (group) => {
  group.each.setup(() => resetState())

  test('a learner who cloned the deck and answered a card of the copy counts; one who only cloned does not', async ({
    client,
    assert,
  }) => {
    assert.include(
      SCHEDULES.map((schedule) => schedule.name),
      'count_library_studiers',
      'the worker runs it on its own, hourly'
    )
    const { publicDeckId } = await liveDeck(client)
    const studier = await signIn()
    const idle = await signIn()
    const copy = await cloneDeck(client, studier.token, publicDeckId)
    await cloneDeck(client, idle.token, publicDeckId)
    const deckId = copy.id
    const { card } = await start(client, studier, deckId)
    await answer(client, studier, deckId, card, 'good')
    assert.equal(await studiersOf(publicDeckId), 0, 'not counted on the answer itself')

    await dispatch('count_library_studiers', {})
    assert.equal(await studiersBecome(publicDeckId, 1), 1, `the worker said:\n${workerOutput()}`)

    /* the studier leaves (deletes the copy): the next count takes them out */
    ;(await client.delete(`/api/decks/${deckId}`).bearerToken(studier.token)).assertStatus(204)
    await dispatch('count_library_studiers', {})
    assert.equal(await studiersBecome(publicDeckId, 0), 0, `the worker said:\n${workerOutput()}`)
  }).timeout(90_000)
})
