import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { behindPooler, sessionTimeouts } from '#config/database'

/*
 * Behind a pooler in transaction mode a process cannot send its timeouts
 * when it connects (config/database.ts): the server's defaults for the role
 * carry them, or a cycle of waits stalls connections for good again. Each web
 * server and worker reads what its connections get once it starts, and says
 * which differ from its settings, with the statement that sets them.
 */
type Timeouts = ReturnType<typeof sessionTimeouts>
type Read = (sql: string) => Promise<{ name: string; ms: number; role: string; database: string }[]>

const SETTINGS = `select name, setting::int as ms, current_user as role, current_database() as database
  from pg_settings where name in ('statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout')`

/** The timeouts a session gets that are not those expected, and the ALTER ROLE that would set them. */
export async function differingTimeouts(read: Read, expected: Timeouts) {
  const want = (name: string) => expected[name as keyof Timeouts]
  const settings = await read(SETTINGS)
  const differing = settings.filter((row) => want(row.name) !== row.ms)
  return {
    differing: differing.map(({ name, ms }) => ({ name, ms, expected: want(name) })),
    fix: differing.map(
      (row) =>
        `alter role "${row.role}" in database "${row.database}" set ${row.name} = ${want(row.name)};`
    ),
  }
}

/** Behind a pooler: says, once, whether the server's defaults are this process's timeouts. */
export async function checkSessionTimeouts() {
  if (!behindPooler()) return
  try {
    const expected = sessionTimeouts()
    const { differing, fix } = await differingTimeouts(
      (sql) => db.rawQuery(sql).then((result) => result.rows),
      expected
    )
    if (!differing.length) {
      const said = Object.entries(expected)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', ')
      return logger.info(
        `behind the pooler (DB_POOLER=transaction): the session timeouts are the server's defaults (${said})`
      )
    }
    const said = differing
      .map(({ name, ms, expected: wanted }) => `${name} ${ms} ms (expected ${wanted})`)
      .join(', ')
    logger.warn(
      `behind the pooler (DB_POOLER=transaction) the database's sessions have ${said}: run ${fix.join(' ')} ` +
        `(docs/deployment.md)`
    )
  } catch (error) {
    logger.warn({ err: error }, 'the session timeouts could not be checked')
  }
}
