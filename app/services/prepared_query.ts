import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { PREPARED_CONNECTION, behindPooler } from '#config/database'

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
 * A statement PostgreSQL parses and plans once per connection and then only
 * runs: the pg driver keeps a named statement prepared on each connection of
 * the prepared pool, whose sessions keep one generic plan per statement
 * (config/database.ts); knex sends every statement unnamed, to be parsed and
 * planned again. For the few statements every API request or answer makes,
 * where planning costs more than running. `text` uses $1, $2…; the name must
 * be unique to the text. Unnamed (behind a pooler) they run on the main pool.
 */
export async function preparedQuery<Row = Record<string, any>>(
  name: string,
  text: string,
  values: unknown[]
): Promise<Row[]> {
  const prepared = named()
  const client = db.connection(prepared ? PREPARED_CONNECTION : undefined).getWriteClient().client
  const connection = await client.acquireConnection()
  try {
    const result = await connection.query(statement(name, text, values, prepared))
    return result.rows as Row[]
  } finally {
    await client.releaseConnection(connection)
  }
}

type Compilable = { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } }

/* stand-ins no id can be: negative, and far from any constant a query writes */
const standIn = (index: number) => -2_000_000_001 + index

/**
 * A query built with the query builder once, with stand-in values, and then
 * run as a prepared statement with each call's values: on the reads every
 * answer makes, building and compiling the query cost more than running it.
 * `build` gets a stand-in for each named value and must pass each on as it
 * is (an id list is `= any(?)`, not whereIn): the compiled bindings are
 * matched back to the names by those stand-ins, every other binding stays
 * as compiled.
 */
export function preparedShape<Name extends string>(
  name: string,
  names: readonly Name[],
  build: (values: Record<Name, number>) => Compilable
) {
  let compiled: { sql: string; slots: (Name | { constant: unknown })[] } | null = null
  const compile = () => {
    const standIns = Object.fromEntries(names.map((key, i) => [key, standIn(i)])) as Record<
      Name,
      number
    >
    const { sql, bindings } = build(standIns).toSQL().toNative()
    const slots = bindings.map(
      (value) => names.find((key) => standIns[key] === value) ?? { constant: value }
    )
    const unused = names.filter((key) => !slots.includes(key))
    if (unused.length > 0) throw new Error(`${name}: the query does not use ${unused.join(', ')}`)
    return { sql, slots }
  }
  return async <Row = Record<string, any>>(values: Record<Name, number>): Promise<Row[]> => {
    compiled ??= compile()
    const bindings = compiled.slots.map((slot) =>
      typeof slot === 'string' ? values[slot] : slot.constant
    )
    return preparedQuery<Row>(name, compiled.sql, bindings)
  }
}
