import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * Many rows into a table in one statement: one array per column, unnested
 * by PostgreSQL. A VALUES list takes a parameter per value (at most 65,535
 * a statement) and is parsed value by value; a few arrays take any number
 * of rows and parse fast. How the import writes its notes, cards, progress
 * and history.
 */

/* each column's type as PostgreSQL spells it (`integer`, `character varying(64)`), per table, read once per process */
const columnTypes = new Map<string, Promise<Map<string, string>>>()

function typesOf(trx: TransactionClientContract, table: string) {
  let types = columnTypes.get(table)
  if (!types) {
    types = trx
      .rawQuery(
        'select attname, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = ' +
          '?::regclass and attnum > 0 and not attisdropped',
        [table]
      )
      .then(
        (result) =>
          new Map<string, string>(
            result.rows.map((row: { attname: string; type: string }) => [row.attname, row.type])
          )
      )
    columnTypes.set(table, types)
    types.catch(() => columnTypes.delete(table))
  }
  return types
}

const textOf = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/*
 * A column's values as an array literal, escaped as pg escapes array
 * elements; sent as text, since knex spreads an array binding into a list
 */
function arrayLiteral(values: unknown[]) {
  const elements = values.map((value) =>
    value === null || value === undefined
      ? 'NULL'
      : `"${textOf(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  )
  return `{${elements.join(',')}}`
}

/**
 * Inserts `rows` (each with the first row's columns; a jsonb column takes
 * its JSON text or the value itself) and answers the `returning` columns of
 * each row written.
 */
export async function insertRows<Returned = Record<string, unknown>>(
  trx: TransactionClientContract,
  table: string,
  rows: Record<string, unknown>[],
  returning: string[] = []
): Promise<Returned[]> {
  if (!rows.length) return []
  const types = await typesOf(trx, table)
  const columns = Object.keys(rows[0])
  const arrays = columns.map((column) => {
    if (!types.has(column)) throw new Error(`${table} has no column ${column}`)
    return `?::${types.get(column)}[]`
  })
  const names = (list: string[]) => list.map((name) => `"${name}"`).join(', ')
  const result = await trx.rawQuery(
    `insert into "${table}" (${names(columns)}) select * from ` +
      `unnest(${arrays.join(', ')})${returning.length ? ` returning ${names(returning)}` : ''}`,
    columns.map((column) => arrayLiteral(rows.map((row) => row[column])))
  )
  return result.rows
}
