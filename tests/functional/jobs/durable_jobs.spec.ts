import { test } from '@japa/runner'
import { createServer, type Server } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { dispatch, getQueue, useQueueRedis } from '#services/queue'
import { upload, waitForImport } from '../api/imports/support.js'
import { eventually } from '#tests/support/eventually'

/*
 * Nothing accepted is lost when the queue is away (issue 27): the web
 * process's queue points at a port that takes connections and never
 * answers them, as a Redis gone away does; the worker's queue is the real
 * one. An import is accepted (its rows written), sits queued, and once the
 * queue is back the worker's sweep hands it over: it runs exactly once.
 */

/* a "Redis" that accepts connections and never answers: commands wait, as they do when Redis is away */
async function deafRedis() {
  const sockets = new Set<import('node:net').Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `redis://127.0.0.1:${port}/0`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const outboxRows = async () => db.from('job_outbox').orderBy('id')

test.group('Durable jobs: the queue away', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(90_000)

  test('an import accepted while the queue is away is written, then run exactly once by the sweep', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const token = await tokenFor(user)
    const away = await deafRedis()
    await useQueueRedis(away.url)
    let accepted: any
    try {
      const response = await upload(
        client,
        token,
        Buffer.from('front,back\nhola,hello\nadios,bye\n'),
        'Spanish.csv'
      )
      response.assertStatus(202)
      accepted = response.body()
      assert.equal(accepted.status, 'queued')
      /* written before the answer: the import, its deck, and the job itself */
      const row = await db.from('deck_imports').where('id', accepted.id).first()
      assert.equal(row.status, 'queued')
      const jobs = await outboxRows()
      assert.lengthOf(jobs, 1)
      assert.equal(jobs[0].name, 'import_deck')
      assert.deepEqual(jobs[0].payload, { importId: accepted.id, attempt: 1 })
      assert.equal(jobs[0].user_id, user.id)
    } finally {
      await useQueueRedis(undefined)
      await away.close()
    }
    /* the real queue never got it: the import waits, nothing runs it */
    assert.isUndefined(await getQueue().getJob((await outboxRows())[0].job_id))
    assert.equal((await db.from('deck_imports').where('id', accepted.id).first()).status, 'queued')

    /*
     * the sweep (the worker's schedule, run now, for rows of any age), twice: the second finds the job and
     * hands nothing
     */
    await dispatch('hand_off_jobs', { olderThanMs: 0 })
    await dispatch('hand_off_jobs', { olderThanMs: 0 })
    const done = await waitForImport(client, token, accepted.id)
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.equal((await db.from('deck_imports').where('id', accepted.id).first()).attempt, 1)
    /* exactly once: the two notes once, not twice */
    const notes = await db.from('notes').where('user_id', user.id).count('* as n').first()
    assert.equal(Number(notes.n), 2)
    const deck = await db.from('decks').where('id', done.deckId).first()
    assert.equal(deck.state, 'active')
    /* the job ended: its row is gone */
    await eventually(async () => (await outboxRows()).length === 0, 'the outbox row is settled')
    /* a later sweep hands nothing again */
    const again = await dispatch('hand_off_jobs', { olderThanMs: 0 })
    const result = await eventually(
      async () => (await again.isCompleted()) && again,
      'the last sweep ends'
    )
    const finished = await getQueue().getJob(result.id!)
    assert.deepEqual(finished?.returnvalue, { handed: 0, settled: 0 })
    assert.equal(
      Number((await db.from('notes').where('user_id', user.id).count('* as n').first()).n),
      2
    )
  })
})
