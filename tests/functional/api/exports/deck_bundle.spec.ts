import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createDeck, fillDeck, setProgress, signIn } from '#tests/support/content'
import { deckBundle } from '#actions/exports/deck_bundle'

/** Statements the database received while `work` ran (knex reports every one, in transactions too). */
async function countQueries(work: () => Promise<unknown>) {
  const knex = db.connection().getWriteClient()
  let count = 0
  const listener = () => count++
  knex.on('query', listener)
  try {
    await work()
  } finally {
    knex.off('query', listener)
  }
  return count
}

test.group('Exports: the deck bundle', (group) => {
  group.each.setup(() => resetState())

  test('the same number of queries for 3 notes and for 600, with progress asked for', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const basic = await db
      .from('note_types')
      .whereNull('user_id')
      .where('kind', 'basic')
      .firstOrFail()
    const small = await createDeck(client, token, { name: 'Small' })
    const big = await createDeck(client, token, { name: 'Big' })
    const bigSub = await createDeck(client, token, { name: 'Big part', parent_id: big.id })
    await fillDeck(user.id, small.id, basic.id, 3)
    await fillDeck(user.id, big.id, basic.id, 300)
    await fillDeck(user.id, bigSub.id, basic.id, 300)
    for (const deck of [small, big, bigSub]) {
      const notes = await db
        .from('notes')
        .where('deck_id', deck.id)
        .orderBy('id')
        .limit(2)
        .select('id')
      for (const note of notes)
        await setProgress(user.id, note.id, {
          state: 'review',
          dueAt: new Date('2031-01-01T00:00:00Z'),
        })
    }

    const workDir = await mkdtemp(join(tmpdir(), 'mnemo-bundle-test-'))
    try {
      let smallBundle: Awaited<ReturnType<typeof deckBundle>> | undefined
      let bigBundle: Awaited<ReturnType<typeof deckBundle>> | undefined
      const forSmall = await countQueries(
        async () =>
          (smallBundle = await deckBundle(user, small.id, { includeProgress: true, workDir }))
      )
      const forBig = await countQueries(
        async () => (bigBundle = await deckBundle(user, big.id, { includeProgress: true, workDir }))
      )
      assert.lengthOf(smallBundle!.notes, 3)
      assert.lengthOf(bigBundle!.notes, 600)
      assert.lengthOf(bigBundle!.cards, 600)
      assert.lengthOf(
        bigBundle!.cards.filter((card) => card.progress),
        4
      )
      assert.isAbove(forSmall, 0)
      assert.equal(forBig, forSmall)
    } finally {
      await rm(workDir, { recursive: true, force: true })
    }
  })

  test("another user's deck is a 404, before anything is read", async ({ client, assert }) => {
    const owner = await signIn()
    const other = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Private' })
    await assert.rejects(
      () => deckBundle(other.user, deck.id, { includeProgress: false, workDir: tmpdir() }),
      'not_found'
    )
  })
})
