import { readdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/*
 * Migrations run once per release, as a step of their own (`node ace
 * migration:run --force`, README: Deployment), never by the web servers or
 * the workers: two replicas migrating at once fight over the migration lock.
 * A web server or worker that starts before the release step has finished
 * waits here until the database has every migration this build ships, then
 * starts; it does not serve (or fail) requests on an older schema.
 */
export const SCHEMA_CHECK_MS = 2000

/** The migrations of this build that the database does not have yet (all of them when it has none). */
export async function pendingMigrations() {
  const folder = app.makePath('database/migrations')
  const files = (await readdir(folder)).filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
  const shipped = files.map((file) => `database/migrations/${file.replace(/\.(ts|js)$/, '')}`)
  const { rows } = await db.rawQuery(`select to_regclass('adonis_schema') is not null as present`)
  if (!rows[0].present) return shipped
  const done = new Set((await db.from('adonis_schema').select('name')).map((row: { name: string }) => row.name))
  return shipped.filter((name) => !done.has(name))
}

/** Resolves once no migration is pending; says what it waits for (and why it cannot ask) every so often. */
export async function waitForSchema() {
  let said = 0
  for (;;) {
    let waitingFor: string
    try {
      const pending = await pendingMigrations()
      if (!pending.length) return
      waitingFor = `${pending.length} migration(s), first ${pending[0]} (run node ace migration:run --force)`
    } catch (error) {
      waitingFor = `the database (${(error as Error).message})`
    }
    if (Date.now() - said > 30_000) {
      logger.warn(`waiting for the database schema: ${waitingFor}`)
      said = Date.now()
    }
    await new Promise((resolve) => setTimeout(resolve, SCHEMA_CHECK_MS))
  }
}
