/*
| What every benchmark starts with: the app's own HTTP server on BENCH_PORT,
| on a fresh database of its own (mnemo_bench) in the server of DATABASE_URL,
| or in the embedded test PostgreSQL when none is set.
*/
process.env.NODE_ENV = 'test'
process.env.PORT = process.env.BENCH_PORT ?? '3336'
process.env.HOST = '127.0.0.1'
process.env.LOG_LEVEL = 'error'
/* pages render through Vite's dev server, as in the tests: no build needed */
process.env.DEV_MODE = 'true'

import 'reflect-metadata'
import pg from 'pg'
import { createIgnitor } from '../bin/ignitor.js'
import { ensureDatabase } from '../bin/embedded_postgres.js'

export function flag(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`)
  return (index >= 0 && Number(process.argv[index + 1])) || fallback
}

export async function startBenchServer() {
  const embedded = await ensureDatabase('test')
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  const exists = await admin.query(`select 1 from pg_database where datname = 'mnemo_bench'`)
  if (!exists.rowCount) await admin.query('create database mnemo_bench')
  await admin.end()
  url.pathname = '/mnemo_bench'
  process.env.DATABASE_URL = url.toString()

  const ignitor = createIgnitor()
  await ignitor.httpServer().start()
  const app = ignitor.getApp()!
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { MigrationRunner } = await import('@adonisjs/lucid/migration')
  await db.rawQuery('drop schema if exists public cascade; drop schema if exists bullmq cascade; create schema public')
  await new MigrationRunner(db, app, { direction: 'up' }).run()
  return {
    app,
    db,
    base: `http://127.0.0.1:${process.env.PORT}`,
    async stop() {
      await app.terminate()
      await embedded?.stop()
    },
  }
}

/** Percentiles of a list of milliseconds, as text with one decimal. */
export function percentiles(times: number[], points = [0.5, 0.95, 0.99]) {
  const sorted = [...times].sort((a, b) => a - b)
  return points.map((q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1))
}
