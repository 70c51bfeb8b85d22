import { test } from '@japa/runner'
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'
import { databaseConnection } from '#config/database'
import { preparedQuery, preparedShape, statement } from '#services/prepared_query'

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

/*
 * Left to choose, PostgreSQL planned the queue's totals and the answer's
 * statements afresh on every run (a custom plan each time): the named
 * statements run on a pool whose sessions keep one generic plan
 * (config/database.ts), the other statements keep PostgreSQL's choice.
 */
test.group('Prepared statements and plans', () => {
  test('a named statement is planned once, generically; a statement of the main pool is not', async ({
    assert,
  }) => {
    /* the statement reads its own counters, which PostgreSQL updates as it picks the plan of this very run */
    const counters =
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1'
    for (let run = 1; run <= 3; run++) {
      const [own] = await preparedQuery('plan-count-test', counters, ['plan-count-test'])
      assert.equal(own.custom_plans, 0, `run ${run}: no plan made for the values`)
      assert.isAtLeast(own.generic_plans, 1)
    }
    const setting = 'select current_setting($1) as mode'
    const [prepared] = await preparedQuery('plan-mode-test', setting, ['plan_cache_mode'])
    assert.equal(prepared.mode, 'force_generic_plan')
    const main = await db.rawQuery(setting.replace('$1', '?'), ['plan_cache_mode'])
    assert.equal(main.rows[0].mode, 'auto')
  })
})

test.group('Prepared statements built once', () => {
  test('the query is built once with stand-ins, and each call runs it with its own values', async ({
    assert,
  }) => {
    let built = 0
    const read = preparedShape('shape-test', ['low', 'high'], (values) => {
      built++
      return db
        .query()
        .select(db.raw('n::int as n'))
        .from('pg_class')
        .joinRaw('cross join generate_series(?::int, ?::int) as n', [values.low, values.high])
        .where('n', '<>', 3)
        .groupBy('n')
        .orderBy('n')
    })
    assert.deepEqual(
      (await read({ low: 1, high: 4 })).map((row) => row.n),
      [1, 2, 4]
    )
    assert.deepEqual(
      (await read({ low: 3, high: 6 })).map((row) => row.n),
      [4, 5, 6]
    )
    assert.equal(built, 1)
  })

  test('a value the query does not take from its stand-in is refused at once', async ({
    assert,
  }) => {
    const read = preparedShape('shape-unused-test', ['used', 'forgotten'], (values) =>
      db.query().select(db.raw('?::int as n', [values.used]))
    )
    await assert.rejects(() => read({ used: 1, forgotten: 2 }), /does not use forgotten/)
  })
})
