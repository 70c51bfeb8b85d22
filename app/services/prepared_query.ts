import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { behindPooler } from '#config/database'

/*
 * Behind a pooler that cannot keep named statements (PgBouncer in
 * transaction mode before 1.21, or without max_prepared_statements), a
 * statement prepared on one server connection is missing on the next:
 * DB_PREPARED_STATEMENTS=false sends them unnamed, and is the default with
 * DB_POOLER=transaction (docs/deployment.md).
 */
const named = () => env.get('DB_PREPARED_STATEMENTS', !behindPooler())

/** The query pg is given: named (prepared once per connection) unless prepared statements are off. */
export function statement(name: string, text: string, values: unknown[], prepared = named()) {
  return prepared ? { name, text, values } : { text, values }
}

/**
 * A statement PostgreSQL parses once per connection and then only runs: the
 * pg driver keeps a named statement prepared on each pooled connection
 * (knex sends every statement unnamed, to be parsed and planned again). For
 * the few reads every API request or answer makes, where planning costs more
 * than running. `text` uses $1, $2…; the name must be unique to the text.
 */
export async function preparedQuery<Row = Record<string, any>>(
  name: string,
  text: string,
  values: unknown[]
): Promise<Row[]> {
  const client = db.connection().getWriteClient().client
  const connection = await client.acquireConnection()
  try {
    const result = await connection.query(statement(name, text, values))
    return result.rows as Row[]
  } finally {
    await client.releaseConnection(connection)
  }
}

/**
 * A query built with the query builder, run as a prepared statement named
 * after its text (the same shape of query, whatever its values, is parsed
 * once per connection). Its values must not change the text: an id list is
 * `= any(?)`, not whereIn.
 */
export async function preparedRows<Row = Record<string, any>>(query: {
  toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } }
}): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative()
  const name = `q-${createHash('sha1').update(sql).digest('base64url')}`
  return preparedQuery<Row>(name, sql, bindings as unknown[])
}
