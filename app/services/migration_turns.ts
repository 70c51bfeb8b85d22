import type { ApplicationService } from '@adonisjs/core/types'
import type { Kernel } from '@adonisjs/core/ace'
import type pg from 'pg'

/*
 * Two release steps migrating at once (two replicas that each run
 * `migration:run`, a deploy retried while the first still runs): Lucid's
 * migration lock is a try-lock, and the command that finds it taken fails,
 * then fails again releasing the lock it never held ("unable to release
 * database lock", exit 1). Each migrating command first waits for its turn
 * on a session lock of its own, on a connection of its own, so the second
 * starts once the first has finished: it finds the migrations in and ends 0.
 *
 * Both locks belong to a session: through a pooler in transaction mode the
 * lock would stay on a server connection the pooler hands to others, and
 * its release would reach another. A migrating command there refuses at
 * once: the release step connects to PostgreSQL itself.
 */
const TURN_LOCK = 7_263_016_201
const MIGRATING = new Set([
  'migration:run',
  'migration:rollback',
  'migration:reset',
  'migration:refresh',
  'migration:fresh',
])

/** Makes the migrating commands of this ace process (the main one only) take turns with those of other processes. */
export function takeMigrationTurns(app: ApplicationService, kernel: Kernel) {
  let turn: pg.Client | undefined
  const release = async () => {
    const held = turn
    turn = undefined
    /* the session's end releases its lock */
    await held?.end().catch(() => {})
  }
  kernel.executing(async (command, isMain) => {
    const name = (command.constructor as { commandName?: string }).commandName
    if (!isMain || !name || !MIGRATING.has(name)) return
    const { behindPooler } = await import('#config/database')
    if (behindPooler()) throw new MigrationThroughPoolerError(name)
    turn = await waitForTurn(name, (message) => command.logger.info(message))
  })
  kernel.executed(async (_command, isMain) => {
    if (isMain) await release()
  })
  /* a command that threw never reaches `executed` */
  app.terminating(release)
}

class MigrationThroughPoolerError extends Error {
  constructor(name: string) {
    super(
      `${name} needs a session of its own: run it with DATABASE_URL naming PostgreSQL itself, without ` +
        `DB_POOLER=transaction (docs/deployment.md)`
    )
  }
}

async function waitForTurn(name: string, say: (message: string) => void) {
  const [{ default: pg }, { databaseConnection }] = await Promise.all([
    import('pg'),
    import('#config/database'),
  ])
  /* this connection only waits and holds: no lock or statement timeout may end its wait */
  const client = new pg.Client({ ...databaseConnection(), lock_timeout: 0, statement_timeout: 0 })
  await client.connect()
  try {
    const { rows } = await client.query('select pg_try_advisory_lock($1) as taken', [TURN_LOCK])
    if (!rows[0].taken) {
      say(`another ${name} is under way on this database: waiting for it to finish`)
      await client.query('select pg_advisory_lock($1)', [TURN_LOCK])
    }
    return client
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
}
