import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { childOf, type Child } from '../../bench/support.js'
import { sql, type Cluster, type Settings } from './cluster.js'
import { expect, sleep } from './http.js'

/*
 * The cluster's PgBouncer (Debian's package), in transaction mode, between
 * the web nodes and workers and PostgreSQL, with what docs/deployment.md
 * says a pooler needs: the session timeouts as the role's defaults in the
 * smoke's database (the processes send none, DB_POOLER=transaction), the
 * prepared reads unnamed (1.18 keeps no prepared statement), LISTEN and the
 * release step straight at PostgreSQL. A small pool (10 server connections
 * for the four processes' 48) shows the clients sharing it.
 */
const POOL_SIZE = 10
/* the app's defaults (config/database.ts); one role for web nodes and workers, so one statement bound */
const TIMEOUTS = {
  statement_timeout: 30_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 60_000,
}

export interface Pooler {
  child: Child
  /** the processes' settings behind it */
  env: Record<string, string>
  /**
   * PostgreSQL's sessions on the smoke's database now: those PgBouncer opened, and the others (direct) with
   * their last statement
   */
  sessions(): Promise<{ pooled: number; direct: { pid: number; query: string }[] }>
  /**
   * what went through it so far: transactions, statements, the most clients and server connections at once,
   * the longest wait
   */
  figures(): Promise<{
    transactions: number
    queries: number
    peakClients: number
    peakServers: number
    maxWaitMs: number
  }>
  stop(): Promise<void>
}

/* a value of PgBouncer's connection string, quoted */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

function pgbouncerConfig(config: Settings, port: number) {
  const server = new URL(config.databaseUrl)
  const target = [
    `host=${quoted(server.hostname)}`,
    `port=${server.port || 5432}`,
    `dbname=${quoted(config.database)}`,
    `user=${quoted(decodeURIComponent(server.username || 'postgres'))}`,
    ...(server.password ? [`password=${quoted(decodeURIComponent(server.password))}`] : []),
  ]
  return `[databases]
${config.database} = ${target.join(' ')}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
; the server login is the one of [databases]; the console takes any user
auth_type = any
pool_mode = transaction
default_pool_size = ${POOL_SIZE}
max_client_conn = 200
log_connections = 0
log_disconnections = 0
`
}

/** PgBouncer started on `port` (its configuration in a temporary folder), once it answers through to PostgreSQL. */
export async function startPooler(
  config: Settings,
  port: number,
  processes: Map<string, Child>
): Promise<Pooler> {
  /* the timeouts every server connection starts with, since no process sends them */
  for (const [name, ms] of Object.entries(TIMEOUTS))
    await sql(
      config.databaseUrl,
      `alter role current_user in database "${config.database}" set ${name} = ${ms}`
    )
  const directory = await mkdtemp(join(tmpdir(), 'mnemo-pgbouncer-'))
  const file = join(directory, 'pgbouncer.ini')
  await writeFile(file, pgbouncerConfig(config, port))
  /* PgBouncer refuses to run as root; it reads its configuration first */
  const user = process.getuid?.() === 0 ? ['-u', 'nobody'] : []
  const child = childOf(
    spawn(config.pgbouncer, [...user, file], { stdio: ['ignore', 'pipe', 'pipe'] }),
    'pgbouncer'
  )
  processes.set('pgbouncer', child)
  try {
    return await connectPooler(config, port, child, directory)
  } catch (error) {
    await rm(directory, { recursive: true, force: true })
    throw error
  }
}

async function connectPooler(
  config: Settings,
  port: number,
  child: Child,
  directory: string
): Promise<Pooler> {
  const url = new URL(config.databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  /* its console, for its figures */
  const consoleUrl = new URL(url)
  consoleUrl.pathname = '/pgbouncer'
  const admin = await reachable(child, async () => {
    const client = new pg.Client({ connectionString: consoleUrl.toString() })
    await client.connect().catch(async (error) => {
      await client.end().catch(() => {})
      throw error
    })
    return client
  })
  /* PgBouncer stopped under it (a failed run): nothing to say */
  admin.on('error', () => {})
  await reachable(child, () => sql(url.toString(), 'select 1'))

  const peaks = { clients: 0, servers: 0, waitMs: 0 }
  const sample = async () => {
    const pools = (await admin.query('show pools')).rows.filter(
      (row) => row.database === config.database
    )
    const sum = (keys: string[]) =>
      pools.reduce((total, row) => total + keys.reduce((n, key) => n + Number(row[key] ?? 0), 0), 0)
    peaks.clients = Math.max(peaks.clients, sum(['cl_active', 'cl_waiting']))
    peaks.servers = Math.max(
      peaks.servers,
      sum(['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'])
    )
    peaks.waitMs = Math.max(
      peaks.waitMs,
      ...pools.map((row) => Number(row.maxwait) * 1000 + Number(row.maxwait_us) / 1000)
    )
  }
  let sampling = Promise.resolve()
  const sampler = setInterval(() => (sampling = sampling.then(sample).catch(() => {})), 250)

  return {
    child,
    env: {
      DATABASE_URL: url.toString(),
      DB_POOLER: 'transaction',
      DATABASE_LISTEN_URL: config.databaseUrl,
      DB_WORKER_STATEMENT_TIMEOUT_MS: String(TIMEOUTS.statement_timeout),
    },
    async sessions() {
      const pooled = new Set(
        (await admin.query('show servers')).rows.map((row) => Number(row.remote_pid))
      )
      const rows = await sql<{ pid: number; query: string }>(
        config.databaseUrl,
        'select pid, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [config.database]
      )
      return {
        pooled: rows.filter((row) => pooled.has(row.pid)).length,
        direct: rows.filter((row) => !pooled.has(row.pid)),
      }
    },
    async figures() {
      await (sampling = sampling.then(sample))
      const [stats] = (await admin.query('show stats')).rows.filter(
        (row) => row.database === config.database
      )
      return {
        transactions: Number(stats.total_xact_count),
        queries: Number(stats.total_query_count),
        peakClients: peaks.clients,
        peakServers: peaks.servers,
        maxWaitMs: peaks.waitMs,
      }
    },
    async stop() {
      clearInterval(sampler)
      await sampling
      await admin.end().catch(() => {})
      /* SIGINT: PgBouncer's safe shutdown, exit 0 once its clients are gone (SIGTERM is its fast exit, code 1) */
      const exited = new Promise((resolve) => child.process.once('exit', resolve))
      if (!child.ended()) child.process.kill('SIGINT')
      await Promise.race([exited, sleep(2_000)])
      await child.stop(1_000)
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** `attempt` tried every 100 ms until it works, for at most 10 s, unless PgBouncer ends first. */
async function reachable<T>(child: Child, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (child.ended()) throw new Error(`PgBouncer ${child.ended()}`)
      if (Date.now() > deadline) throw error
      await sleep(100)
    }
  }
}

const PROCESSES = ['web1', 'web2', 'worker1', 'worker2']

/**
 * Every session through PgBouncer has the timeouts, though no process sends them; each process found them when
 * it started.
 */
export async function timeoutsThroughPooler(cluster: Cluster) {
  const url = cluster.env.DATABASE_URL
  const rows = await sql<{ name: keyof typeof TIMEOUTS; ms: number }>(
    url,
    'select name, setting::int as ms from pg_settings where name = any($1)',
    [Object.keys(TIMEOUTS)]
  )
  for (const { name, ms } of rows)
    expect(ms === TIMEOUTS[name], `${name} is ${ms} ms through PgBouncer, not ${TIMEOUTS[name]}`)
  /*
   * a deck job's wait (app/actions/decks/deck_jobs.ts) lifts its lock timeout, then goes back to the default:
   * the role's
   */
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  let restored: string
  try {
    await client.query('begin')
    await client.query('set local lock_timeout = 0')
    await client.query('set local lock_timeout to default')
    restored = (await client.query('show lock_timeout')).rows[0].lock_timeout
    await client.query('commit')
  } finally {
    await client.end()
  }
  expect(
    restored === '10s',
    `SET LOCAL lock_timeout TO DEFAULT gives ${restored} through PgBouncer, not 10s`
  )
  const warned = PROCESSES.filter((name) =>
    cluster.processes
      .get(name)
      ?.output(2_000)
      .includes('behind the pooler (DB_POOLER=transaction) the database')
  )
  const checked = PROCESSES.filter((name) =>
    cluster.processes.get(name)?.output(2_000).includes('the session timeouts are the server')
  )
  expect(!warned.length, `${warned.join(', ')} found other timeouts`, warned)
  expect(
    checked.length === PROCESSES.length,
    `only ${checked.join(', ') || 'none'} checked their session timeouts at start`,
    PROCESSES
  )
  return (
    `no process sends them; every session through PgBouncer starts with statement_timeout ` +
    `${TIMEOUTS.statement_timeout / 1000} s, lock_timeout ${TIMEOUTS.lock_timeout / 1000} s, ` +
    `idle_in_transaction_session_timeout ${TIMEOUTS.idle_in_transaction_session_timeout / 1000} s (the role's ` +
    `defaults in the database), and SET LOCAL … TO DEFAULT comes back to them; ` +
    `the ${PROCESSES.length} processes found them at start`
  )
}

/**
 * What went through PgBouncer during the checks, and what reached PostgreSQL around it: only the LISTEN/NOTIFY
 * sessions.
 */
export async function throughThePooler(cluster: Cluster) {
  const { pooled, direct } = await cluster.pooler.sessions()
  const figures = await cluster.pooler.figures()
  const others = direct.filter(
    (session) => !/^(listen|unlisten|select pg_notify)/i.test(session.query)
  )
  expect(
    !others.length,
    `sessions straight at PostgreSQL other than LISTEN/NOTIFY: ` +
      `${others.map((session) => session.query.slice(0, 80)).join('; ')}`,
    [...PROCESSES, 'pgbouncer']
  )
  expect(
    figures.peakServers <= POOL_SIZE,
    `PgBouncer opened ${figures.peakServers} server connections, more than its pool of ${POOL_SIZE}`,
    ['pgbouncer']
  )
  return (
    `${figures.transactions} transactions (${figures.queries} statements) through PgBouncer; at most ` +
    `${figures.peakClients} client connections on ${figures.peakServers} server connections (pool ` +
    `${POOL_SIZE}), the longest wait for one ${figures.maxWaitMs.toFixed(0)} ms; PostgreSQL now has ${pooled} ` +
    `sessions from PgBouncer and ${direct.length} direct (LISTEN/NOTIFY)`
  )
}
