import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signedIn, type WebSession, pageCall as call } from '#tests/support/web_session'
import { eventStream } from '#tests/support/event_stream'
import { startWebProcess, type WebProcess } from '#tests/support/web_process'
import { createDeck } from '#actions/decks/create_deck'
import { redisUrl } from '#config/redis'
import User from '#models/user'
import { eventually } from '#tests/support/eventually'

/*
 * Two web nodes behind a balancer that is not sticky: a page's event stream
 * is held by one node and its subscribe request reaches the other. The
 * subscription is made where the stream is, and every note the worker
 * makes arrives, whichever node each request reached.
 */
/** The same browser session, its requests sent to another node. */
function onNode(web: WebSession, node: WebProcess) {
  return Object.assign(Object.create(Object.getPrototypeOf(web)), web, {
    base: node.url,
  }) as WebSession
}

test.group('Live AI notes across two web nodes', (group) => {
  let other: WebProcess
  group.setup(async () => {
    other = await startWebProcess()
    return () => other.stop()
  })
  group.each.setup(() => resetState())
  group.each.timeout(120_000)

  for (const streamOn of ['this node', 'the other node'] as const) {
    test(`the event stream on ${streamOn}, the subscribe on the other one: every note arrives`, async ({
      assert,
    }) => {
      const { user, web } = await signedIn('ana@example.test')
      await web.get('/ai/generate')
      const there = onNode(web, other)
      const [streamNode, subscribeNode] = streamOn === 'this node' ? [web, there] : [there, web]
      const deck = await createDeck(await User.findOrFail(user.id), { name: 'Capitals' })
      const events = await eventStream(web, streamNode.base)
      assert.equal(events.status, 200)
      const subscribed = await call(subscribeNode, 'POST', '/__transmit/subscribe', {
        uid: events.uid,
        channel: `ai/decks/${deck.id}`,
      })
      assert.equal(subscribed.status, 204, JSON.stringify(subscribed.body))

      const started = await call(web, 'POST', '/ai/streams', {
        mode: 'words',
        deck_id: deck.id,
        user_prompt: 'gato - cat\nperro - dog\npez - fish\nave - bird\nrana - frog\noso - bear',
      })
      assert.equal(started.status, 201, JSON.stringify(started.body))
      const finished = await eventually(
        () => events.events.find((event) => event.payload?.type === 'finished'),
        'the finished event'
      )
      await events.close()
      const notes = events.events
        .filter((event) => event.payload?.type === 'note')
        .map((event) => event.payload)
      const saved = await db.from('notes').where('deck_id', deck.id).orderBy('id')
      assert.lengthOf(saved, 6)
      assert.deepEqual(
        notes.map((note) => note.note.id),
        saved.map((note) => note.id)
      )
      assert.include(finished.payload, { status: 'done', count: 6 })
    }).skip(!redisUrl, 'several web nodes share Redis (production requires it)')
  }

  test('a uid no node holds is refused on either', async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    await web.get('/ai/generate')
    const deck = await createDeck(await User.findOrFail(user.id), { name: 'Nobody listens' })
    for (const node of [web, onNode(web, other)]) {
      const refused = await call(node, 'POST', '/__transmit/subscribe', {
        uid: '3f1a2b4c-0000-4000-8000-000000000000',
        channel: `ai/decks/${deck.id}`,
      })
      assert.equal(refused.status, 403)
    }
  })
})
