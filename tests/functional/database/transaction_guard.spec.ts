import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { PROGRESS_CONNECTION } from '#config/database'
import { SecondConnectionError } from '#services/transaction_guard'

/*
 * The guard behind the rule "no code path takes a second connection while
 * holding one" (app/services/transaction_guard.ts): in tests the mistake
 * fails on its first run, not only when enough requests at once exhaust the pool.
 */
test.group('Transaction guard', () => {
  test('a query on the pool inside a transaction fails at once', async ({ assert }) => {
    await assert.rejects(
      () => db.transaction(async () => db.from('users').first()),
      SecondConnectionError
    )
    await assert.rejects(
      () => db.transaction(async () => User.query().first()),
      SecondConnectionError
    )
    await assert.rejects(() => db.transaction(async () => User.find(1)), SecondConnectionError)
  })

  test('a transaction opened inside a transaction fails at once', async ({ assert }) => {
    await assert.rejects(
      () => db.transaction(async () => db.transaction(async (inner) => inner.rawQuery('select 1'))),
      SecondConnectionError
    )
  })

  test(
    'queries on the transaction, its savepoints, the progress pool, and the pool after the ' +
      'transaction pass',
    async ({ assert }) => {
      const result = await db.transaction(async (trx) => {
        await trx.from('users').first()
        await User.query({ client: trx }).first()
        await trx.transaction(async (savepoint) => savepoint.rawQuery('select 1'))
        await db.connection(PROGRESS_CONNECTION).rawQuery('select 1')
        return 'done'
      })
      assert.equal(result, 'done')
      await db.from('users').first()
    }
  )
})
