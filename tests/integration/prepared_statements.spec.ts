import { test } from '@japa/runner'
import pg from 'pg'
import { databaseConnection } from '#config/database'
import { statement } from '#services/prepared_query'

/*
 * Behind a pooler in transaction mode a session's prepared statements are
 * lost between transactions: with DB_PREPARED_STATEMENTS=false the few
 * prepared reads are sent unnamed, and the server keeps nothing for the
 * session (pg_prepared_statements), whichever server connection runs them.
 */
test.group('Prepared statements and poolers', () => {
  test('named by default, unnamed when prepared statements are off', async ({ assert }) => {
    const client = new pg.Client(databaseConnection())
    await client.connect()
    try {
      const kept = async () =>
        (
          await client.query(
            'select count(*)::int as n from pg_prepared_statements where name = $1',
            ['q-pooler-test']
          )
        ).rows[0].n
      const off = await client.query(statement('q-pooler-test', 'select $1::int as v', [7], false))
      assert.equal(off.rows[0].v, 7)
      assert.equal(await kept(), 0, 'nothing prepared for the session')
      await client.query(statement('q-pooler-test', 'select $1::int as v', [8], true))
      assert.equal(await kept(), 1, 'prepared once per connection')
    } finally {
      await client.end()
    }
  })
})
