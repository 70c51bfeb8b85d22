import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'
import { startWebProcess, untilUp } from '#tests/support/web_process'

/*
 * A release migrates once, as its own step; a web server that starts before
 * that step has finished waits for the schema (it does not listen, so a
 * balancer sends it nothing) and starts serving once the migrations are in.
 * The database here is a fresh one beside the test database (its name + `_release`).
 */
const testDatabase = () => new URL(process.env.DATABASE_URL!).pathname.slice(1)
const RELEASE_DATABASE = `${testDatabase()}_release`

function releaseUrl() {
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `/${RELEASE_DATABASE}`
  return url.toString()
}

function migrate(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['ace', 'migration:run', '--force'], {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

test.group('Release step: migrations once, web servers wait for them', (group) => {
  group.each.setup(async () => {
    await db.rawQuery(`drop database if exists "${RELEASE_DATABASE}" with (force)`)
    await db.rawQuery(`create database "${RELEASE_DATABASE}"`)
    return () => db.rawQuery(`drop database if exists "${RELEASE_DATABASE}" with (force)`)
  })

  test('a web server started on an empty database waits, and serves once migration:run is done', async ({
    assert,
  }) => {
    const env = { DATABASE_URL: releaseUrl() }
    const web = await startWebProcess(env, { waitUntilUp: false })
    try {
      /* it says what it waits for, and listens to nobody meanwhile */
      const deadline = Date.now() + 60_000
      while (
        !web.output().includes('waiting for the database schema') &&
        web.running() &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      assert.include(web.output(), 'waiting for the database schema')
      assert.isTrue(web.running(), 'it waits rather than failing')
      assert.isFalse(
        await fetch(`${web.url}/api/health`).then(
          () => true,
          () => false
        ),
        'not listening before the schema is there'
      )

      const release = await migrate(env)
      assert.equal(release.code, 0, release.output)
      await untilUp(web)
      const ready = await fetch(`${web.url}/api/ready`)
      assert.equal(ready.status, 200)
    } finally {
      await web.stop()
    }
  }).timeout(180_000)

  /*
   * two replicas' release steps at once: Lucid's try-lock refused one, which then failed to release the lock
   * it never had
   */
  test('two migration:run at once on an empty database: both end 0, every migration in once', async ({
    assert,
  }) => {
    const env = { DATABASE_URL: releaseUrl() }
    const [first, second] = await Promise.all([migrate(env), migrate(env)])
    assert.equal(first.code, 0, first.output)
    assert.equal(second.code, 0, second.output)

    const shipped = (await readdir('database/migrations'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `database/migrations/${file.slice(0, -3)}`)
    const client = new pg.Client({ connectionString: releaseUrl() })
    await client.connect()
    try {
      const { rows } = await client.query<{ name: string; count: number }>(
        'select name, count(*)::int as count from adonis_schema group by name'
      )
      assert.deepEqual(rows.map((row) => row.name).sort(), shipped.sort())
      assert.isTrue(
        rows.every((row) => row.count === 1),
        'no migration ran twice'
      )
    } finally {
      await client.end()
    }
  }).timeout(180_000)

  /*
   * its locks are a session's: through a pooler in transaction mode they would stay on a server connection
   * others are given
   */
  test('migration:run behind a pooler (DB_POOLER=transaction) refuses at once and migrates nothing', async ({
    assert,
  }) => {
    const refused = await migrate({ DATABASE_URL: releaseUrl(), DB_POOLER: 'transaction' })
    assert.equal(refused.code, 1, refused.output)
    assert.include(refused.output, 'migration:run needs a session of its own')
    const client = new pg.Client({ connectionString: releaseUrl() })
    await client.connect()
    try {
      const { rows } = await client.query(
        `select to_regclass('adonis_schema') is not null as present`
      )
      assert.isFalse(rows[0].present, 'nothing migrated')
    } finally {
      await client.end()
    }
  }).timeout(60_000)
})
