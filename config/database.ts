import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import pg from 'pg'

/*
 * A SQL `date` (a study day, a streak day) stays the 'YYYY-MM-DD' it is:
 * node-postgres would turn it into a Date at the server's local midnight,
 * which shifts by a day in any time zone west of UTC.
 */
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value)

type Lookup = (name: string) => unknown

/*
 * DB_POOLER=transaction: DATABASE_URL is a pooler in transaction mode
 * (PgBouncer), which gives each transaction whichever server connection is
 * free, so nothing of a session follows a client from one transaction to
 * the next. PgBouncer refuses settings sent when connecting ("unsupported
 * startup parameter"), and a session SET would reach other clients: the
 * timeouts below are then the server's defaults for the role (ALTER ROLE …
 * IN DATABASE … SET, docs/deployment.md), which every server connection
 * starts with; each web server and worker checks them when it starts
 * (app/services/session_timeouts.ts).
 */
export function behindPooler(get: Lookup = (name) => env.get(name as any)) {
  return get('DB_POOLER') === 'transaction'
}

/**
 * DATABASE_URL wins; otherwise the usual DB_* parts. `npm start` and
 * `npm test` set DATABASE_URL to an embedded server when neither is given.
 * Every connection, of every pool and of the job queue, carries the
 * timeouts below (behind a pooler, the server gives them).
 */
export function databaseConnection(pooled = behindPooler()) {
  const url = env.get('DATABASE_URL')
  const timeouts = pooled ? {} : sessionTimeouts()
  if (url) return { connectionString: url, ...timeouts }
  return {
    host: env.get('DB_HOST', '127.0.0.1'),
    port: env.get('DB_PORT', 5432),
    user: env.get('DB_USER', 'postgres'),
    password: env.get('DB_PASSWORD', ''),
    database: env.get('DB_DATABASE', 'mnemo'),
    ...timeouts,
  }
}

/*
 * No session waits forever. A statement ends after DB_STATEMENT_TIMEOUT_MS
 * in the web process (30 s) and DB_WORKER_STATEMENT_TIMEOUT_MS in the worker
 * and the other ace commands (10 min: a job's statements, a migration, may
 * legitimately run long); a lock is waited for DB_LOCK_TIMEOUT_MS (10 s); a
 * transaction left idle (its holder waiting on something else) is ended after
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (60 s), releasing its locks. A cycle of
 * waits that PostgreSQL cannot see (one side idle in its transaction while
 * its process waits for the other) then ends in an error instead of
 * stalling every connection. 0 turns one off.
 */
export function sessionTimeouts() {
  const worker = app.getEnvironment() === 'console'
  return {
    statement_timeout: worker
      ? env.get('DB_WORKER_STATEMENT_TIMEOUT_MS', 600_000)
      : env.get('DB_STATEMENT_TIMEOUT_MS', 30_000),
    lock_timeout: env.get('DB_LOCK_TIMEOUT_MS', 10_000),
    idle_in_transaction_session_timeout: env.get('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
  }
}

/*
 * The one pool that is not the main one: a job's progress counters are
 * written while the job's own transaction is open (so that the poll sees
 * them move), one statement at a time. From the main pool that would be a
 * second connection taken while holding one (see
 * app/services/transaction_guard.ts); from a pool of its own, whose
 * statements never wait for another connection, it cannot stall anything.
 */
export const PROGRESS_CONNECTION = 'progress'

/*
 * The pool of the statements the app names (app/services/prepared_query.ts:
 * the token, the deck, the answer, the queue's totals). Each is parsed once
 * per connection; on these connections it is also planned once. Left to
 * choose, PostgreSQL planned the totals and the answer's statements afresh
 * on every run (0 generic plans in 12, its estimate for a plan made for the
 * values always the lower): a third of its time on an answer went to the
 * planner. Every statement here has one shape and reads through indexes
 * whatever its values, so one plan serves all. The other statements (knex's,
 * sent unnamed, some with LIKE patterns or partial indexes that a generic
 * plan could not use) keep PostgreSQL's choice on the main pool. Behind a
 * pooler nothing can be sent when connecting, and the statements go unnamed
 * on the main pool (DB_PREPARED_STATEMENTS).
 */
export const PREPARED_CONNECTION = 'prepared'
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan'

const dbConfig = defineConfig({
  connection: 'postgres',
  connections: {
    postgres: {
      client: 'pg',
      connection: databaseConnection(),
      pool: { min: 0, max: 10 },
      /* models declare their columns by hand; no generated schema file */
      schemaGeneration: { enabled: false },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
    },
    [PROGRESS_CONNECTION]: {
      client: 'pg',
      connection: databaseConnection(),
      pool: { min: 0, max: 2 },
      schemaGeneration: { enabled: false },
    },
    [PREPARED_CONNECTION]: {
      client: 'pg',
      connection: {
        ...databaseConnection(),
        ...(behindPooler() ? {} : { options: GENERIC_PLANS }),
      },
      /* each holds a connection for one statement, a millisecond or less: 5 keep both cores of PostgreSQL busy */
      pool: { min: 0, max: 5 },
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
