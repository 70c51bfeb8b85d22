import { readdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/*
 * Migrations run once per release, as a step of their own (`node ace
 * migration:run --force`, docs/deployment.md), never by the web servers or
 * the workers: two replicas migrating at once fight over the migration lock.
 * A web server or worker that starts before the release step has finished
 * waits here until the database has every migration this build ships, then
 * starts; it does not serve (or fail) requests on an older schema.
 */
const SCHEMA_CHECK_MS = 2000

/** The migrations of this build that the database does not have yet (all of them when it has none). */
async function pendingMigrations() {
  const folder = app.makePath('database/migrations')
  const entries = await readdir(folder)
  const files = entries.filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
  const shipped = files.map((file) => `database/migrations/${file.replace(/\.(ts|js)$/, '')}`)
  const { rows } = await db.rawQuery(`select to_regclass('adonis_schema') is not null as present`)
  if (!rows[0].present) return shipped
  const ran = await db.from('adonis_schema').select('name')
  const done = new Set(ran.map((row: { name: string }) => row.name))
  return shipped.filter((name) => !done.has(name))
}

/**
 * Resolves once no migration is pending, saying what it waits for every 30 s.
 * A database that does not answer is not waited for: the process starts, and
 * its readiness probe (/api/ready) answers 503 until the database is back.
 */
export async function waitForSchema() {
  let said = 0
  for (;;) {
    let pending: string[]
    try {
      pending = await pendingMigrations()
    } catch (error) {
      logger.warn(
        { err: error },
        'schema check: the database does not answer; starting anyway (/api/ready says 503)'
      )
      return
    }
    if (!pending.length) return
    if (Date.now() - said > 30_000) {
      logger.warn(
        `waiting for the database schema: ${pending.length} migration(s), first ${pending[0]} (run node ace ` +
          `migration:run --force)`
      )
      said = Date.now()
    }
    await new Promise((resolve) => setTimeout(resolve, SCHEMA_CHECK_MS))
  }
}
