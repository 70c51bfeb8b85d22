import { test } from '@japa/runner'
import { aiState, scriptAi } from '#tests/support/ai_server'
import { killWorkerProcess, startWorkerProcess } from '#tests/support/worker_process'
import { notesOf, signIn, waitForStream, aiDoubleGroup } from './support.js'

/*
 * A worker dies in the middle of an AI stream (SIGKILL, a lost machine):
 * another worker takes the stream over once its lock lapses (seconds, not
 * BullMQ's minute) and goes on for the cards still missing, so every word
 * of the list is made exactly once.
 */
test.group('API AI streams: a worker dies mid-stream', (group) => {
  aiDoubleGroup(group)

  test('the next worker makes the words still missing, each once', async ({ client, assert }) => {
    const { token } = await signIn()
    const words = Array.from({ length: 20 }, (_, index) => `palabra${index + 1}`)
    /* the first worker's call is slow enough to be killed midway; the second answers at once */
    scriptAi({ words: true, everyMs: 300 }, { words: true, everyMs: 5 })
    const created = await client
      .post('/api/notes/ai_bulk_create')
      .bearerToken(token)
      .json({
        deck_id: null,
        folder_id: null,
        user_prompt: words.join('\n'),
        card_format: 'basic',
        cards_amount: 20,
      })
    created.assertStatus(201)
    const streamId = created.body().streamId
    const midway = await waitForStream(client, token, streamId, (body) => body.count >= 5)
    assert.isBelow(midway.count, words.length)
    await killWorkerProcess()
    await startWorkerProcess(2)

    const done = await waitForStream(client, token, streamId, undefined, 60_000)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
    const fronts = (await notesOf(done.deckId)).map((note) => note.fields.Front)
    assert.deepEqual([...fronts].sort(), [...words].sort(), 'every word once, none twice')
    assert.equal(done.count, words.length)
    /* the second call asked for the words left only */
    assert.lengthOf(aiState.calls, 2)
    const resumed = JSON.stringify(aiState.calls[1].body)
    const saved = fronts.slice(0, midway.count)
    for (const word of saved)
      assert.notInclude(resumed, `- ${word}\\n`, `${word} was asked for again`)
  }).timeout(150_000)
})
