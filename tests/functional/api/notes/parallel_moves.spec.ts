import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { MAX_CARDS_PER_DECK } from '#models/deck'
import { getQueue } from '#services/queue'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  basicNote,
  cardCount,
  createDeck,
  fillDeck,
  noteIdsOf,
  signIn,
  templateIds,
  waitForJobs,
} from '#tests/support/content'

/*
 * The 3000-card limit under moves sent at once: checked at the request
 * (counting the cards pending moves will bring) and again in the job, each
 * time under the destination deck's lock. Filling decks to their limit is a
 * direct database write (as in notes.spec.ts); everything else is the API.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A deck of `notes` one-card notes. */
async function sourceDeck(
  client: any,
  session: { user: { id: number }; token: string },
  name: string,
  notes: number
) {
  const { basic } = await templateIds(client, session.token)
  const deck = await createDeck(client, session.token, { name })
  await fillDeck(session.user.id, deck.id, basic, notes)
  return { ...deck, noteIds: await noteIdsOf(deck.id) }
}

function move(client: any, token: string, from: { id: number; noteIds: number[] }, to: number) {
  return client
    .post('/api/notes/bulk_move')
    .bearerToken(token)
    .json({ deck_id: from.id, ids: from.noteIds, destination_deck_id: to })
}

/** Runs `work` with the worker taking no job, then lets the jobs it queued run. */
async function withJobsHeld<T>(work: () => Promise<T>) {
  const queue = getQueue()
  await queue.pause()
  try {
    return await work()
  } finally {
    await queue.resume()
  }
}

/** Bounded wait for a deck's job to end in processing_failed (not a timed assertion). */
async function waitForFailure(client: any, token: string, deckId: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    const response = await client.get('/api/decks/polling').bearerToken(token)
    last = response.body().decks.find((deck: { id: number }) => deck.id === deckId)
    if (!last) throw new Error(`deck ${deckId} left the poll without failing`)
    if ((last as { state: string }).state === 'processing_failed')
      return last as Record<string, any>
    await sleep(100)
  }
  throw new Error(`deck ${deckId} still processing after ${timeoutMs} ms: ${JSON.stringify(last)}`)
}

test.group('The card limit under parallel moves', (group) => {
  group.each.setup(() => resetState())

  test(
    '20 moves at once into a deck with room for 10 cards: those that fit land whole, the others ' +
      'are refused',
    async ({ client, assert }) => {
      const session = await signIn()
      const { basic } = await templateIds(client, session.token)
      const destination = await createDeck(client, session.token, { name: 'Almost full' })
      await fillDeck(session.user.id, destination.id, basic, MAX_CARDS_PER_DECK - 10)
      const sources = []
      for (let index = 1; index <= 20; index++)
        sources.push(await sourceDeck(client, session, `Source ${index}`, 2))

      const answers = await Promise.all(
        sources.map((source) => move(client, session.token, source, destination.id))
      )

      const accepted = sources.filter((_, index) => answers[index].status() === 202)
      const refused = sources.filter((_, index) => answers[index].status() !== 202)
      for (const answer of answers.filter((one) => one.status() !== 202)) {
        assert.equal(answer.status(), 422, answer.text().slice(0, 300))
        assertErrorBody(assert, answer.body(), 'E_CARDS_LIMIT_REACHED')
      }
      /* the room of 10 cards takes exactly five moves of 2 */
      assert.lengthOf(accepted, 5)
      await waitForJobs(
        client,
        session.token,
        accepted.map((source) => source.id)
      )

      assert.equal(await cardCount(destination.id), MAX_CARDS_PER_DECK)
      for (const source of accepted) {
        assert.equal(await cardCount(source.id), 0)
        assert.deepEqual(await noteIdsOf(source.id), [])
      }
      /* nothing half-moved: a refused move left its notes and cards where they were, and its deck usable */
      for (const source of refused) {
        assert.deepEqual(await noteIdsOf(source.id), source.noteIds)
        assert.equal(await cardCount(source.id), 2)
        assert.equal((await db.from('decks').where('id', source.id).first()).state, 'active')
      }
    }
  )

  test('a move that no longer fits when its job runs moves nothing and its deck says cards limit reached', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    const { basic } = await templateIds(client, session.token)
    const destination = await createDeck(client, session.token, { name: 'Almost full' })
    await fillDeck(session.user.id, destination.id, basic, MAX_CARDS_PER_DECK - 10)
    const source = await sourceDeck(client, session, 'Source', 5)

    await withJobsHeld(async () => {
      ;(await move(client, session.token, source, destination.id)).assertStatus(202)
      /* while the job waits, cards arrive the request could not know of (a direct write) */
      await db.rawQuery(
        `insert into cards (note_id, deck_id, ord, created_at) select id, deck_id, 100, now() from notes where ` +
          `deck_id = ? order by id limit 8`,
        [destination.id]
      )
    })

    const failed = await waitForFailure(client, session.token, source.id)
    assert.equal(failed.failureCode, 'E_CARDS_LIMIT_REACHED')
    assert.equal(await cardCount(destination.id), MAX_CARDS_PER_DECK - 2)
    assert.deepEqual(await noteIdsOf(source.id), source.noteIds)
    assert.equal(await cardCount(source.id), 5)

    /* the deck stays usable: a move that fits goes through */
    const smaller = { id: source.id, noteIds: source.noteIds.slice(0, 2) }
    ;(await move(client, session.token, smaller, destination.id)).assertStatus(202)
    await waitForJobs(client, session.token, [source.id])
    assert.equal(await cardCount(destination.id), MAX_CARDS_PER_DECK)
    assert.equal(await cardCount(source.id), 3)
  })

  test('a reverse that no longer fits when its job runs adds no card and its deck says cards limit reached', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    const { basic } = await templateIds(client, session.token)
    const deck = await createDeck(client, session.token, { name: 'Almost full' })
    await fillDeck(session.user.id, deck.id, basic, MAX_CARDS_PER_DECK - 10)
    const noteIds = (await noteIdsOf(deck.id)).slice(0, 5)

    await withJobsHeld(async () => {
      const reverse = await client
        .post('/api/notes/bulk_action')
        .bearerToken(session.token)
        .json({ deck_id: deck.id, ids: noteIds, bulk_action: 'reverse' })
      reverse.assertStatus(202)
      /* while the job waits, cards arrive the request could not know of (a direct write) */
      await db.rawQuery(
        `insert into cards (note_id, deck_id, ord, created_at) select id, deck_id, 1, now() from notes where ` +
          `deck_id = ? order by id desc limit 8`,
        [deck.id]
      )
    })

    const failed = await waitForFailure(client, session.token, deck.id)
    assert.equal(failed.failureCode, 'E_CARDS_LIMIT_REACHED')
    assert.equal(await cardCount(deck.id), MAX_CARDS_PER_DECK - 2)
    assert.equal(
      Number(
        (
          await db
            .from('notes')
            .whereIn('id', noteIds)
            .where('is_reversed', true)
            .count('* as n')
            .first()
        ).n
      ),
      0
    )
  })

  test('a pending move keeps its room: a note saved meanwhile into the destination is refused', async ({
    client,
    assert,
  }) => {
    const session = await signIn()
    const { basic } = await templateIds(client, session.token)
    const destination = await createDeck(client, session.token, { name: 'Almost full' })
    await fillDeck(session.user.id, destination.id, basic, MAX_CARDS_PER_DECK - 5)
    const source = await sourceDeck(client, session, 'Source', 5)

    await withJobsHeld(async () => {
      ;(await move(client, session.token, source, destination.id)).assertStatus(202)
      const note = await client
        .post('/api/notes')
        .bearerToken(session.token)
        .json({
          note: {
            deck_id: destination.id,
            template_id: basic,
            fields: { Front: 'one more', Back: 'x' },
          },
        })
      note.assertStatus(422)
      assertErrorBody(assert, note.body(), 'E_CARDS_LIMIT_REACHED')
    })

    await waitForJobs(client, session.token, [source.id])
    assert.equal(await cardCount(destination.id), MAX_CARDS_PER_DECK)
    /* once the move landed, the note is refused by the cards really there */
    await assert.rejects(
      () => basicNote(client, session.token, destination.id, 'still one more'),
      /E_CARDS_LIMIT_REACHED/
    )
  })
})
