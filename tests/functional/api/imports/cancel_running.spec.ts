import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { holdings, importFile, upload } from './support.js'
import { eventually } from '#tests/support/eventually'

/*
 * Cancelling an import while its job writes it. The cancel used to take the
 * import's row lock and wait for the job's transaction, whose next progress
 * write waited on that row lock: the DELETE never answered, and two such
 * stalls took every connection of the progress pool, so no other import
 * finished. Now the cancel is a request the job honours between batches.
 */

const ROWS = 20_000

/* a CSV big enough that its job is still writing when the cancel comes (built here, never stored) */
function bigCsv() {
  const lines = ['front,back']
  for (let i = 0; i < ROWS; i++) lines.push(`question ${i},answer ${i}`)
  return Buffer.from(lines.join('\n') + '\n')
}

test.group('API deck imports: cancelling a running import', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(180_000)

  test(
    'DELETE while the job writes answers, the import ends cancelled with nothing written, and the next ' +
      'import runs',
    async ({ client, assert }) => {
      const { user, token } = await signIn({ username: 'canceller' })
      /* premium: 20,000 rows are over a free plan's row cap (upload_limits.ts) */
      await db.from('users').where('id', user.id).update({ is_premium: true })
      const response = await upload(client, token, bigCsv(), 'big.csv')
      response.assertStatus(202)
      const id = response.body().id
      const { deck_id: deckId, storage_key: storageKey } = await db
        .from('deck_imports')
        .where('id', id)
        .first()

      /* the job is inside its transaction, a batch written */
      await eventually(
        async () => {
          const row = await db.from('deck_imports').where('id', id).first()
          const deck = await db.from('decks').where('id', deckId).first()
          return row.status === 'processing' && deck && Number(deck.processing?.processed ?? 0) > 0
        },
        'writing',
        60_000
      )

      const cancelled = await client.delete(`/api/deck_imports/${id}`).bearerToken(token)
      cancelled.assertStatus(200)
      assert.equal(cancelled.body().status, 'cancelled')

      /* the job rolls back at its next batch and ends the import */
      const ended = await eventually(
        async () => {
          const row = await db.from('deck_imports').where('id', id).first()
          return row.status !== 'processing' && row
        },
        'ended',
        60_000
      )
      assert.equal(ended.status, 'cancelled')
      assert.isNull(ended.deck_id)
      assert.isNull(ended.storage_key)
      assert.isNotNull(ended.finished_at)
      assert.deepEqual(await holdings(user.id), {
        decks: 0,
        notes: 0,
        cards: 0,
        media: 0,
        progress: 0,
        reviews: 0,
      })
      assert.isFalse(await drive.use().exists(storageKey))
      assert.equal(
        (await client.get(`/api/deck_imports/${id}`).bearerToken(token)).body().status,
        'cancelled'
      )

      /* nothing is left waiting: another learner's small import goes through */
      const other = await signIn({ username: 'next' })
      const small = await importFile(
        client,
        other.token,
        Buffer.from('front,back\nuno,one\ndos,two\n'),
        'small.csv'
      )
      assert.equal(small.status, 'done')
      assert.include(await holdings(other.user.id), { notes: 2, cards: 2 })
    }
  )
})
