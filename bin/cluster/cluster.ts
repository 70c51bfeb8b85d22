import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  childOf,
  databaseUrl,
  productionEnv,
  root,
  serverUp,
  spawnServer,
  startWorker,
  workerReady,
  type Child,
} from '../../bench/support.js'
import { startS3Server } from '#tests/support/s3_server'
import { aiDoubleEnv, startAiServer, stopAiServer } from '#tests/support/ai_double_server'
import type { Pooler } from './pooler.js'

/*
 * The cluster of `npm run smoke:cluster` (bin/smoke_cluster.ts): the
 * production build as two web nodes and two workers, HAProxy in front (round
 * robin, no stickiness), the machine's PostgreSQL through PgBouncer in
 * transaction mode (./pooler.ts) and Redis (a database and a Redis database
 * of the smoke's own, emptied first), s3rver for the files and the AI
 * providers' double, both in this process.
 */
export interface Settings {
  haproxy: string
  pgbouncer: string
  database: string
  databaseUrl: string
  redisUrl: string
  firstPort: number
}

export function settings(): Settings {
  const database = process.env.SMOKE_CLUSTER_DATABASE ?? 'mnemo_cluster'
  /* the Redis server of REDIS_URL (default the machine's), its database 12: it is flushed */
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  redis.pathname = '/12'
  return {
    haproxy: process.env.SMOKE_CLUSTER_HAPROXY ?? findProgram('haproxy'),
    pgbouncer: process.env.SMOKE_CLUSTER_PGBOUNCER ?? findProgram('pgbouncer'),
    database,
    databaseUrl: databaseUrl(database),
    redisUrl: process.env.SMOKE_CLUSTER_REDIS_URL ?? redis.toString(),
    firstPort: Number(process.env.SMOKE_CLUSTER_PORT ?? 3500),
  }
}

/* where Debian installs it, or on the PATH */
function findProgram(name: string) {
  if (existsSync(`/usr/sbin/${name}`)) return `/usr/sbin/${name}`
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
  return found.stdout.trim()
}

export function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer()
    server
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** `count` free ports from `from` on. */
export async function freePorts(from: number, count: number) {
  const ports: number[] = []
  for (let port = from; ports.length < count && port < from + 500; port++)
    if (await portFree(port)) ports.push(port)
  if (ports.length < count)
    throw new Error(`fewer than ${count} free ports from ${from} (set SMOKE_CLUSTER_PORT)`)
  return ports
}

/** One statement on the smoke's database. */
export async function sql<Row = any>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as Row[]
  } finally {
    await client.end()
  }
}

/** A process of the production build, run once to its end: `node build/ace.js …`. */
export function runAce(name: string, args: string[], env: Record<string, string>) {
  const child = childOf(
    spawn(process.execPath, ['ace.js', ...args], {
      cwd: `${root}build`,
      env: productionEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    name
  )
  const done = new Promise<number | null>((resolve) =>
    child.process.once('exit', (code) => resolve(code))
  )
  return { child, done }
}

/** The migrations the build ships, as adonis_schema names them. */
export async function shippedMigrations() {
  const files = await readdir(`${root}build/database/migrations`)
  return files
    .filter((file) => file.endsWith('.js'))
    .map((file) => `database/migrations/${file.slice(0, -3)}`)
}

export type NodeName = 'web1' | 'web2'
export type WorkerName = 'worker1' | 'worker2'

export interface Cluster {
  lb: string
  env: Record<string, string>
  ports: Record<NodeName, number>
  processes: Map<string, Child>
  s3: Awaited<ReturnType<typeof startS3Server>>
  /** PgBouncer, through which the nodes and workers reach PostgreSQL */
  pooler: Pooler
  startNode(name: NodeName): Promise<Child>
  startWorker(name: WorkerName): Promise<Child>
  /** what HAProxy says answered a response */
  servedBy(response: { headers: Headers }): string | null
  /** both nodes and both workers started, then HAProxy; resolves once the balancer answers through each node */
  up(): Promise<void>
  stop(): Promise<void>
}

/**
 * The balancer's configuration: round robin over both nodes, checked on readiness; `X-Smoke-Node` pins a
 * request to a node while it is up.
 */
function haproxyConfig(port: number, nodes: Record<NodeName, number>) {
  return `global
  maxconn 1024

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # readiness answers within 2 s (PostgreSQL and Redis each); a node busy for a moment is not a dead one
  timeout check 2s
  retries 2
  option redispatch 1

frontend balancer
  bind 127.0.0.1:${port}
  default_backend web

backend web
  balance roundrobin
  option forwardfor
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  use-server web1 if { req.hdr(x-smoke-node) -m str web1 }
  use-server web2 if { req.hdr(x-smoke-node) -m str web2 }
  http-response set-header X-Served-By %[srv_name]
${Object.entries(nodes)
  .map(([name, nodePort]) => `  server ${name} 127.0.0.1:${nodePort} check`)
  .join('\n')}
`
}

/**
 * The cluster's services started (s3rver, the AI double) and its settings made, behind `pooler`; `up()` starts
 * its processes.
 */
export async function prepareCluster(
  config: Settings,
  ports: number[],
  processes: Map<string, Child>,
  pooler: Pooler,
  extraEnv: Record<string, string>
): Promise<Cluster> {
  const [lbPort, web1, web2, s3Port, aiPort] = ports
  const lb = `http://127.0.0.1:${lbPort}`
  const s3 = await startS3Server(s3Port)
  await startAiServer(aiPort)
  const env = {
    /* DATABASE_URL is PgBouncer's; LISTEN straight at PostgreSQL */
    ...pooler.env,
    REDIS_URL: config.redisUrl,
    APP_URL: lb,
    APP_KEY: 'cluster-smoke-app-key-cluster-smoke-01',
    LOG_LEVEL: 'info',
    TRUSTED_PROXIES: 'loopback',
    ...s3.env,
    ...aiDoubleEnv('openai'),
    AI_MAX_RETRIES: '1',
    ...extraEnv,
  }
  const nodePorts: Record<NodeName, number> = { web1, web2 }
  const directory = await mkdtemp(join(tmpdir(), 'mnemo-haproxy-'))

  const cluster: Cluster = {
    lb,
    env,
    ports: nodePorts,
    processes,
    s3,
    pooler,
    async startNode(name) {
      if (!(await portFree(nodePorts[name])))
        throw new Error(`${name}'s port ${nodePorts[name]} is taken`)
      const node = spawnServer({ ...env, PORT: String(nodePorts[name]) })
      /* known before it answers, so that a node that never comes up shows its output */
      processes.set(name, node)
      await serverUp(node)
      return node
    },
    async startWorker(name) {
      const worker = startWorker({ ...env }, [], name)
      processes.set(name, worker)
      await workerReady(worker)
      return worker
    },
    servedBy: (response) => response.headers.get('x-served-by'),
    async up() {
      await Promise.all([
        cluster.startNode('web1'),
        cluster.startNode('web2'),
        cluster.startWorker('worker1'),
        cluster.startWorker('worker2'),
      ])
      const file = join(directory, 'haproxy.cfg')
      await writeFile(file, haproxyConfig(lbPort, nodePorts))
      /* -db: in the foreground, a child of this process */
      processes.set(
        'haproxy',
        childOf(
          spawn(config.haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] }),
          'haproxy'
        )
      )
      await untilBothServe(cluster)
    },
    async stop() {
      /* PgBouncer last: the nodes and workers finish what they hold through it */
      const running = [...processes.values()].filter((child) => child !== pooler.child)
      await Promise.all(running.map((child) => child.stop(10_000)))
      await pooler.stop()
      await s3.stop().catch(() => {})
      await stopAiServer().catch(() => {})
      await rm(directory, { recursive: true, force: true })
    },
  }

  return cluster
}

/** Resolves once the balancer has answered /api/ready through each node (both passed its check). */
async function untilBothServe(cluster: Cluster, withinMs = 30_000) {
  const seen = new Set<string>()
  const deadline = Date.now() + withinMs
  while (seen.size < 2) {
    const haproxy = cluster.processes.get('haproxy')!
    if (haproxy.ended()) throw new Error(`HAProxy ${haproxy.ended()}`)
    if (Date.now() > deadline)
      throw new Error(
        `the balancer did not answer through both nodes within ${withinMs / 1000} s (seen: ` +
          `${[...seen].join(', ') || 'none'})`
      )
    const response = await fetch(`${cluster.lb}/api/ready`).catch(() => null)
    if (response?.status === 200) seen.add(cluster.servedBy(response) ?? '?')
    await response?.arrayBuffer()
    if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
