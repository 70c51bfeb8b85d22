import { test } from '@japa/runner'
import { getPriority } from 'node:os'
import db from '@adonisjs/lucid/services/db'
import { makeUser, tokenFor } from '#tests/support/helpers'
import { scriptAi } from '#tests/support/ai_server'
import { waitForStream, aiDoubleGroup } from '../api/ai/support.js'
import { upload, waitForImport } from '../api/imports/support.js'
import {
  startExtraWorkerProcess,
  startWorkerProcess,
  workerPid,
} from '#tests/support/worker_process'

/*
 * One learner's many jobs do not starve another's (issue 27): the worker
 * (concurrency 2, as the suite runs it) gives one learner at most half its
 * slots; a job of a learner who has their share running goes back to the
 * queue for a moment. Learner A queues slow AI generations (the provider
 * double streams a card every second, so each runs for 40 s: far longer
 * than the import takes on a loaded CI machine), then learner B a two-row
 * import: B's import is done while every one of A's generations is still
 * unfinished, and A never has more than one generation running. Without the
 * turns, A's generations hold both slots of the AI queue (and, before AI
 * streams had their own queue, B's import waited behind them).
 */
test.group('Fair worker: one learner cannot hold every slot', (group) => {
  aiDoubleGroup(group)
  group.each.timeout(120_000)

  test("a learner's small import finishes before another learner's queue of slow generations drains", async ({
    client,
    assert,
  }) => {
    const a = await makeUser()
    await db.from('users').where('id', a.id).update({ is_premium: true })
    const aToken = await tokenFor(a)
    const b = await makeUser()
    const bToken = await tokenFor(b)

    scriptAi(
      { endless: true, everyMs: 1000 },
      { endless: true, everyMs: 1000 },
      { endless: true, everyMs: 1000 }
    )
    const streams: number[] = []
    for (let i = 0; i < 3; i++) {
      const created = await client
        .post('/api/notes/ai_stream_create')
        .bearerToken(aToken)
        .json({ user_prompt: `Numbers ${i}`, deck_name: `Slow ${i}`, cards_amount: 40 })
      created.assertStatus(201)
      streams.push(created.body().streamId)
    }
    /* A's first generation is making cards: A holds their share */
    await waitForStream(client, aToken, streams[0], (body) => body.count >= 1)

    const imported = await upload(
      client,
      bToken,
      Buffer.from('front,back\nhola,hello\nadios,bye\n'),
      'small.csv'
    )
    imported.assertStatus(202)
    const done = await waitForImport(client, bToken, imported.body().id)
    assert.equal(done.status, 'done')

    /* the order of completion: none of A's generations has finished, and A never ran more than their share */
    const states = await db.from('ai_streams').whereIn('id', streams).orderBy('id').select('status')
    assert.notInclude(
      states.map((row) => row.status),
      'done'
    )
    assert.isAtMost(states.filter((row) => row.status === 'running').length, 1)

    for (const id of streams) {
      const cancelled = await client
        .delete('/api/notes/cancel_stream')
        .qs({ stream_id: id })
        .bearerToken(aToken)
      cancelled.assertStatus(200)
    }
  })
})

/*
 * Jobs give way to requests where the worker shares a machine with a web
 * server: the worker lowers its own priority (WORKER_NICE, default 10), so
 * an import or AI stream no longer holds another learner's requests
 * (bench/abuse.ts measures what it spares them).
 */
test.group('Worker priority', () => {
  test('the worker runs at nice 10 by default; WORKER_NICE=0 keeps the default priority', async ({
    assert,
  }) => {
    await startWorkerProcess()
    /* never above the priority the tests run at */
    assert.equal(getPriority(workerPid()!), Math.max(10, getPriority()))
    const atDefault = await startExtraWorkerProcess(1, { WORKER_NICE: '0' })
    try {
      assert.equal(getPriority(atDefault.pid), getPriority())
    } finally {
      /* it holds no job: stopped at once */
      await atDefault.kill()
    }
  }).timeout(60_000)
})
