import type { Child } from '../../bench/support.js'
import { runAce, shippedMigrations, sql, type Settings } from './cluster.js'
import { expect } from './http.js'

/*
 * The release step run by two nodes at the same moment on the smoke's empty
 * database (`node build/ace.js migration:run --force` twice): both must end
 * 0, and the schema be whole, every migration of the build in once. The
 * cluster then starts on this schema.
 */
export async function migrateTwice(
  config: Settings,
  processes: Map<string, Child>,
  env: Record<string, string>
) {
  const started = Date.now()
  const runs = (['migrate1', 'migrate2'] as const).map((name) => {
    const run = runAce(name, ['migration:run', '--force'], {
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      ...env,
    })
    processes.set(name, run.child)
    return run
  })
  const codes = await Promise.all(runs.map((run) => run.done))
  const seconds = (Date.now() - started) / 1000
  codes.forEach((code, index) =>
    expect(code === 0, `migrate${index + 1} exited with ${code}`, [`migrate${index + 1}`])
  )

  const shipped = await shippedMigrations()
  const rows = await sql<{ name: string; count: number }>(
    config.databaseUrl,
    'select name, count(*)::int as count from adonis_schema group by name'
  )
  const missing = shipped.filter((name) => !rows.some((row) => row.name === name))
  const twice = rows.filter((row) => row.count > 1).map((row) => row.name)
  expect(!missing.length, `migrations missing after both ran: ${missing.join(', ')}`, [
    'migrate1',
    'migrate2',
  ])
  expect(!twice.length, `migrations recorded twice: ${twice.join(', ')}`, ['migrate1', 'migrate2'])
  const waited = runs.filter((run) =>
    run.child.output(200).includes('waiting for it to finish')
  ).length
  const migrated = runs.filter((run) => run.child.output(200).includes('Migrated in')).length
  return (
    `both exit 0 in ${seconds.toFixed(1)} s; ${waited} waited for the other's turn, ${migrated} migrated; ` +
    `all ${shipped.length} migrations in, each once`
  )
}
