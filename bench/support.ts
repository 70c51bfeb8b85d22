/*
| What every benchmark shares. The app under test is the production build
| (`npm run build`, then `node build/bin/server.js` and the worker
| `node build/ace.js queue:work`), each in a process of its own, on the
| machine's PostgreSQL and Redis; the benchmark's own process seeds the data,
| sends the load (autocannon) and reads the figures, so the client never
| shares the server's process.
|
|   DATABASE_URL  the PostgreSQL server to use; the benchmark works in its own
|                 databases there (BENCH_DATABASE, default mnemo_bench, reset on
|                 every run, and the same name with _anchor), never in the
|                 named one.
|                 Default postgres://postgres@127.0.0.1:5432/.
|   REDIS_URL     the Redis server and database for sessions, limits and jobs
|                 (default redis://127.0.0.1:6379/3; the database is flushed).
|   BENCH_PORT    the app's port (default 3336); BENCH_ANCHOR_PORT the
|                 anchor's (3499).
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

export const root = fileURLToPath(new URL('../', import.meta.url))
const build = `${root}build/`
const port = Number(process.env.BENCH_PORT ?? 3336)
const anchorPort = Number(process.env.BENCH_ANCHOR_PORT ?? 3499)

export function flag(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`)
  return (index >= 0 && Number(process.argv[index + 1])) || fallback
}

/** The URL of database `name` on the server of DATABASE_URL (default the machine's). */
export function databaseUrl(name: string) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/')
  url.pathname = `/${name}`
  return url.toString()
}
const benchDatabase = process.env.BENCH_DATABASE ?? 'mnemo_bench'
export const benchDatabaseUrl = databaseUrl(benchDatabase)
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/3'

/** The environment of the production server and worker: real services, mail kept in the outbox. */
export function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    APP_KEY: 'bench-app-key-bench-app-key-0001',
    LOG_LEVEL: 'error',
    DATABASE_URL: benchDatabaseUrl,
    REDIS_URL: redisUrl,
    MAIL_MAILER: 'outbox',
    ...extra,
  }
}

/**
 * Builds the app when the build is missing or older than a tracked file (a benchmark of stale code measures
 * nothing).
 */
export function ensureBuild() {
  const built = (() => {
    try {
      return statSync(`${build}bin/server.js`).mtimeMs
    } catch {
      return 0
    }
  })()
  const files = spawnSync(
    'git',
    [
      'ls-files',
      'app',
      'config',
      'start',
      'providers',
      'inertia',
      'resources',
      'database',
      'bin',
      'adonisrc.ts',
    ],
    { cwd: root, encoding: 'utf8' }
  )
  const newest = Math.max(
    ...files.stdout
      .split('\n')
      .filter(Boolean)
      .map((file) => {
        try {
          return statSync(`${root}${file}`).mtimeMs
        } catch {
          return 0
        }
      })
  )
  if (built && built >= newest) return
  console.log('building the app (npm run build): the build is missing or older than the code…')
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (result.status !== 0) throw new Error('npm run build failed')
}

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Database `name` dropped (its sessions ended) and created again, empty. */
export async function recreateDatabase(name: string) {
  await admin(async (client) => {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name]
    )
    await client.query(`drop database if exists "${name}"`)
    await client.query(`create database "${name}"`)
  })
}

/** A fresh benchmark database, migrated by the production build, and an empty Redis database. */
export async function resetDatabase() {
  await recreateDatabase(benchDatabase)
  await flushRedis()
  const migrated = spawnSync(process.execPath, ['ace.js', 'migration:run', '--force'], {
    cwd: build,
    env: productionEnv(),
    encoding: 'utf8',
  })
  if (migrated.status !== 0) throw new Error(`migration failed: ${migrated.stderr}`)
}

/** Empties the benchmark's Redis database (sessions, limits, queued jobs), or the one at `url`. */
export async function flushRedis(url = redisUrl) {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url)
  await redis.flushdb()
  await redis.quit()
}

/**
 * The app's code booted in this process with no HTTP server, for seeding
 * through its own actions (accounts, tokens); stop() before the load starts.
 */
export async function bootForSeeding() {
  Object.assign(process.env, productionEnv({ NODE_ENV: 'test' }))
  await import('reflect-metadata')
  const { createIgnitor } = await import('../bin/ignitor.js')
  const app = createIgnitor().createApp('console')
  await app.init()
  await app.boot()
  await app.start(async () => {})
  const { default: db } = await import('@adonisjs/lucid/services/db')
  return { app, db, stop: () => app.terminate() }
}

/** A plain client of the benchmark database, for counting what the app wrote. */
export async function benchClient() {
  const client = new pg.Client({ connectionString: benchDatabaseUrl })
  await client.connect()
  return client
}

export interface Child {
  process: ChildProcess
  base: string
  /** resident memory of the process now, in bytes (from /proc) */
  rss(): number
  /** the most resident memory the process has held since it started, in bytes (VmHWM) */
  hwm(): number
  /** why it ended, once it has: its exit code or signal (null while it runs) */
  ended(): string | null
  /** the last `lines` lines it wrote (stdout and stderr) */
  output(lines?: number): string
  /** SIGTERM, then SIGKILL after graceMs */
  stop(graceMs?: number): Promise<void>
}

/* a benchmark that stops half-way must not leave a server holding its port */
const children = new Set<ChildProcess>()
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')))

async function assertPortFree(url: string) {
  const reachable = await fetch(url).then(
    () => true,
    () => false
  )
  if (reachable)
    throw new Error(
      `${url} already answers: another server holds the port (set BENCH_PORT / BENCH_ANCHOR_PORT)`
    )
}

function memoryOf(child: ChildProcess, field: 'VmRSS' | 'VmHWM') {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))![1]) * 1024
}

/** A process followed as a Child (its output kept, SIGKILLed if this process exits first); `base` names it. */
export function childOf(child: ChildProcess, base: string): Child {
  children.add(child)
  let output = ''
  /* the last 64 kB is plenty to say why a process failed */
  const keep = (chunk: Buffer) => (output = (output + chunk).slice(-65_536))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  child.once('exit', (code) => {
    children.delete(child)
    if (code && code !== 0 && code !== 130 && code !== 143)
      console.error(`[${base}] exited with ${code}:\n${output.slice(-3000)}`)
  })
  return {
    process: child,
    base,
    rss: () => memoryOf(child, 'VmRSS'),
    hwm: () => memoryOf(child, 'VmHWM'),
    ended: () =>
      child.signalCode
        ? `killed by ${child.signalCode}`
        : child.exitCode !== null
          ? `exited with ${child.exitCode}`
          : null,
    output: (lines = 40) => output.split('\n').slice(-lines).join('\n'),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the process ended (${child.exitCode ?? child.signalCode})`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer within 30 s`)
}

/** `node build/bin/server.js`, answering on BENCH_PORT; `nodeArgs` such as --cpu-prof go to its node. */
export async function startServer(extra: Record<string, string> = {}, nodeArgs: string[] = []) {
  await assertPortFree(`http://127.0.0.1:${extra.PORT ?? port}/`)
  const server = spawnServer(extra, nodeArgs)
  await serverUp(server)
  return server
}

/** The server's process, started (startServer also waits for it to answer). */
export function spawnServer(extra: Record<string, string> = {}, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'bin/server.js'], {
    cwd: build,
    env: productionEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return childOf(child, `http://127.0.0.1:${extra.PORT ?? port}`)
}

/** Resolves once the server answers /api/health (within 30 s); fails if it ends first. */
export function serverUp(server: Child) {
  return waitFor(`${server.base}/api/health`, server.process)
}

/**
 * The job worker of the production build (`node build/ace.js queue:work`); `nodeArgs` such as --cpu-prof go to
 * its node.
 */
export function startWorker(
  extra: Record<string, string> = {},
  nodeArgs: string[] = [],
  name = 'worker'
) {
  const child = spawn(process.execPath, [...nodeArgs, 'ace.js', 'queue:work'], {
    cwd: build,
    env: productionEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return childOf(child, name)
}

/** Resolves once the worker says it is ready (it waits for the schema, then takes jobs); fails if it ends first. */
export async function workerReady(worker: Child, withinMs = 60_000) {
  const deadline = Date.now() + withinMs
  while (!worker.output(1_000).includes('worker ready')) {
    if (worker.ended()) throw new Error(`${worker.base} ${worker.ended()} before it was ready`)
    if (Date.now() > deadline)
      throw new Error(`${worker.base} was not ready within ${withinMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The bare anchor server (bench/anchor/server.mjs) on BENCH_ANCHOR_PORT, with its own database. */
export async function startAnchor() {
  await assertPortFree(`http://127.0.0.1:${anchorPort}/`)
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: `${root}bench/anchor`,
    env: {
      ...process.env,
      ANCHOR_DATABASE_URL: databaseUrl(`${benchDatabase}_anchor`),
      ANCHOR_PORT: String(anchorPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const anchor = childOf(child, `http://127.0.0.1:${anchorPort}`)
  await waitFor(`${anchor.base}/trivial`, child)
  return anchor
}

/** autocannon's result, with the time from the load's start to its last response. */
export type LoadResult = autocannon.Result & { seconds: number }
/** autocannon, as the anchor's own load script runs it: 32 connections for 8 s, unless given an amount of requests. */
export function load(options: autocannon.Options): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let last = started
    const instance = autocannon(
      { connections: 32, ...(options.amount ? {} : { duration: 8 }), ...options },
      (error, result) =>
        error ? reject(error) : resolve({ ...result, seconds: (last - started) / 1000 })
    )
    instance.on('response', () => (last = performance.now()))
  })
}

/**
 * Requests per second from the load's start to its last response. autocannon's own figures are
 * whole-second ones: requests.average is the mean of per-second samples, and a load of a fixed
 * amount ends at the next second's tick, so 8,000 answers in 9.1 s or in 9.9 s both read 800/s.
 */
export function perSecond(result: LoadResult) {
  return result.requests.total / result.seconds
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (0 once it is gone). */
export function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')
    /* utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 a second) */
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}

/** The PostgreSQL backends serving a database now (their pids, for cpuMs). */
export async function backendsOf(url: string) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') })
  await client.connect()
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1', [
    new URL(url).pathname.slice(1),
  ])
  await client.end()
  return rows.map((row: { pid: number }) => row.pid)
}

/**
 * The functions a V8 CPU profile (node --cpu-prof) spent most of its own
 * time in, with their share of all samples: where the time goes.
 */
export function profileTop(file: string, count = 20) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: {
      id: number
      hitCount?: number
      callFrame: { functionName: string; url: string; lineNumber: number }
    }[]
  }
  const self = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0
    total += hits
    const { functionName, url, lineNumber } = node.callFrame
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/build\//, '')}:${lineNumber + 1}`
      : ''
    const key = `${functionName || '(anonymous)'} ${where}`.trim()
    self.set(key, (self.get(key) ?? 0) + hits)
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n')
}

/** Percentiles of a list of milliseconds, as text with one decimal. */
export function percentiles(times: number[], points = [0.5, 0.95, 0.99]) {
  const sorted = [...times].sort((a, b) => a - b)
  return points.map((q) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1)
  )
}

/** A row of a text table: columns separated by two spaces, padded. */
export function table(rows: (string | number)[][]) {
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => String(row[column]).length))
  )
  return rows
    .map((row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  '))
    .join('\n')
}

/**
 * A browser's session against a running server: the sign-in form posted as
 * the page does, then its cookies on every GET. The answer's body is left
 * for the caller to read.
 */
export async function browserSession(base: string, email: string, password = 'bench-password-1') {
  const cookies = new Map<string, string>()
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(base + path, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        accept: 'text/html',
        referer: `${base}/sign-in`,
        ...(body
          ? {
              'content-type': 'application/json',
              'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
            }
          : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    return response
  }
  await (await call('GET', '/sign-in')).arrayBuffer()
  const signedIn = await call('POST', '/sign-in', { email, password })
  await signedIn.arrayBuffer()
  if (signedIn.status !== 302) throw new Error(`sign-in answered ${signedIn.status}`)
  /* the cookies too, for a browser context or a request of the caller's own */
  return Object.assign((path: string) => call('GET', path), { cookies })
}
