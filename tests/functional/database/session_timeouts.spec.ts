import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import pg from 'pg'
import {
  PREPARED_CONNECTION,
  PROGRESS_CONNECTION,
  databaseConnection,
  sessionTimeouts,
} from '#config/database'
import { differingTimeouts } from '#services/session_timeouts'
import { queueBackend } from '#services/queue'
import { redisUrl } from '#config/redis'

/*
 * No session waits forever (config/database.ts): every connection carries a
 * statement, a lock and an idle-in-transaction timeout, so a cycle of waits
 * PostgreSQL cannot see (one side idle in its transaction) ends in an error
 * instead of stalling every connection. The web process's defaults here.
 */
const EXPECTED = {
  statement_timeout: '30s',
  lock_timeout: '10s',
  idle_in_transaction_session_timeout: '1min',
}

async function settingsOf(query: (sql: string) => Promise<any>) {
  const read: Record<string, string> = {}
  for (const name of Object.keys(EXPECTED)) read[name] = (await query(`show ${name}`)).rows[0][name]
  return read
}

test.group('Session timeouts', () => {
  test(
    'the main pool, the progress and prepared pools and a connection as the queue and the LISTEN clients open ' +
      'it carry the three timeouts',
    async ({ assert }) => {
      assert.deepEqual(await settingsOf((sql) => db.rawQuery(sql)), EXPECTED)
      for (const pool of [PROGRESS_CONNECTION, PREPARED_CONNECTION])
        assert.deepEqual(
          await settingsOf((sql) => db.connection(pool).rawQuery(sql)),
          EXPECTED,
          pool
        )
      /* the jobs' PostgreSQL backend and the transmit bus connect with databaseConnection() */
      const client = new pg.Client(databaseConnection())
      await client.connect()
      try {
        assert.deepEqual(await settingsOf((sql) => client.query(sql)), EXPECTED)
      } finally {
        await client.end()
      }
      if (!redisUrl)
        assert.include(queueBackend().connection, {
          statement_timeout: 30_000,
          lock_timeout: 10_000,
          idle_in_transaction_session_timeout: 60_000,
        })
    }
  )

  test('a lock held by a transaction left idle is waited for no longer than the lock timeout', async ({
    assert,
  }) => {
    const holder = new pg.Client(databaseConnection())
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('select pg_advisory_xact_lock(77, 1)')
      /* the holder is now idle in its transaction, as a job awaiting something else would be */
      await assert.rejects(() => db.rawQuery('select pg_advisory_xact_lock(77, 1)'), /lock timeout/)
    } finally {
      await holder.query('rollback').catch(() => {})
      await holder.end()
    }
  })

  /*
   * Behind a pooler in transaction mode (DB_POOLER=transaction) nothing is
   * sent when connecting (PgBouncer refuses it): the server's defaults for
   * the role carry the timeouts, and each process says at start which differ.
   */
  test(
    'behind a pooler none is sent; the check names a session timeout that differs and the statement ' +
      'that sets it',
    async ({ assert }) => {
      const pooled = databaseConnection(true)
      assert.notProperty(pooled, 'statement_timeout')
      assert.notProperty(pooled, 'lock_timeout')
      assert.notProperty(pooled, 'idle_in_transaction_session_timeout')
      const expected = sessionTimeouts()
      const client = new pg.Client(pooled)
      await client.connect()
      try {
        const read = async (sql: string) => (await client.query(sql)).rows
        for (const [name, ms] of Object.entries(expected)) await client.query(`set ${name} = ${ms}`)
        assert.deepEqual(await differingTimeouts(read, expected), { differing: [], fix: [] })

        await client.query(`set lock_timeout = ${expected.lock_timeout + 1}`)
        const {
          rows: [{ role, database }],
        } = await client.query('select current_user as role, current_database() as database')
        assert.deepEqual(await differingTimeouts(read, expected), {
          differing: [
            {
              name: 'lock_timeout',
              ms: expected.lock_timeout + 1,
              expected: expected.lock_timeout,
            },
          ],
          fix: [
            `alter role "${role}" in database "${database}" set lock_timeout = ${expected.lock_timeout};`,
          ],
        })
      } finally {
        await client.end()
      }
    }
  )
})
