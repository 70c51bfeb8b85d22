import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import pg from 'pg'

/*
 * A SQL `date` (a study day, a streak day) stays the 'YYYY-MM-DD' it is:
 * node-postgres would turn it into a Date at the server's local midnight,
 * which shifts by a day in any time zone west of UTC.
 */
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value)

/**
 * DATABASE_URL wins; otherwise the usual DB_* parts. `npm start` and
 * `npm test` set DATABASE_URL to an embedded server when neither is given.
 */
export function databaseConnection() {
  const url = env.get('DATABASE_URL')
  if (url) return { connectionString: url }
  return {
    host: env.get('DB_HOST', '127.0.0.1'),
    port: env.get('DB_PORT', 5432),
    user: env.get('DB_USER', 'postgres'),
    password: env.get('DB_PASSWORD', ''),
    database: env.get('DB_DATABASE', 'mnemo'),
  }
}

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
  },
})

export default dbConfig
