/*
| Many machines, tried on one: the production build (`npm run build`) as two
| web nodes (`node build/bin/server.js`) and two workers (`node build/ace.js
| queue:work`) behind HAProxy (round robin, no stickiness, its check on
| /api/ready), on the machine's PostgreSQL through PgBouncer in transaction
| mode (bin/cluster/pooler.ts; LISTEN and the release step straight at
| PostgreSQL) and Redis (a database and a Redis database of the smoke's own,
| emptied first), files on s3rver and the AI provider on its double
| (tests/support/ai_double_server.ts), both run in this process. It checks,
| in this order:
|
|   - two nodes migrating at once on the empty database: both end 0, the schema whole;
|   - the session timeouts in force through the pooler, though no process sends them;
|   - sign-in on one node and work on the other (session and CSRF, an API token);
|   - an upload through one node read back byte-identical through the other;
|   - an import carried out once by one of the two workers;
|   - live AI notes arriving through the balancer (stream and subscribe on different nodes);
|   - a web node SIGKILLed during 200 answers: none lost, none doubled after the client's retries;
|   - the worker running an AI stream SIGKILLed: the other takes over, every word made once;
|   - the recurring jobs registered again, and run, after Redis's FLUSHDB;
|   - what went through the pooler: only LISTEN/NOTIFY reached PostgreSQL around it;
|
| then stops everything it started (also on failure, Ctrl-C or SIGTERM) and
| checks that its ports are free. On failure it prints the last lines of the
| processes concerned and exits 1.
|
|   npm run smoke:cluster
|
| SMOKE_CLUSTER_DATABASE (default mnemo_cluster) on the server of
| DATABASE_URL (default postgres://postgres@127.0.0.1:5432), recreated;
| SMOKE_CLUSTER_REDIS_URL (default database 12 of REDIS_URL's server, or of
| redis://127.0.0.1:6379), flushed; SMOKE_CLUSTER_PORT, the first of the
| six ports it takes (3500); SMOKE_CLUSTER_HAPROXY and
| SMOKE_CLUSTER_PGBOUNCER, HAProxy's and PgBouncer's paths.
*/
import { existsSync } from 'node:fs'
import { Redis } from 'ioredis'
import { ensureBuild, flushRedis, recreateDatabase, type Child } from '../bench/support.js'
import { freePorts, portFree, prepareCluster, settings, type Cluster } from './cluster/cluster.js'
import { CheckFailed } from './cluster/http.js'
import { migrateTwice } from './cluster/release.js'
import {
  importOnce,
  liveNotesThroughBalancer,
  signInAcrossNodes,
  uploadAcrossNodes,
} from './cluster/across_nodes.js'
import {
  aiStreamThroughWorkerKill,
  answersThroughNodeKill,
  nodeBackInRotation,
  schedulesAfterFlush,
} from './cluster/failover.js'
import { startPooler, throughThePooler, timeoutsThroughPooler } from './cluster/pooler.js'

const started = Date.now()
const config = settings()
const processes = new Map<string, Child>()
let cluster: Cluster | undefined
let passed = 0
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

async function stopAll() {
  const running = cluster ?? {
    stop: () => Promise.all([...processes.values()].map((child) => child.stop(5_000))),
  }
  cluster = undefined
  /* the balancer first: nothing new reaches the nodes while they stop */
  await processes.get('haproxy')?.stop(2_000)
  await running.stop()
}

let failing: Promise<never> | undefined
async function fail(title: string, error: unknown): Promise<never> {
  /* the first failure says why; whatever fails while everything stops is its consequence */
  failing ??= report(title, error)
  return failing
}

async function report(title: string, error: unknown): Promise<never> {
  console.error(`  ✗ ${title}: ${error instanceof Error ? error.message : String(error)}`)
  const show =
    error instanceof CheckFailed && error.show.length ? error.show : [...processes.keys()]
  for (const name of show) {
    const child = processes.get(name)
    if (child)
      console.error(
        `\n--- the last lines of ${name} (${child.ended() ?? 'running'}) ---\n${child.output(30)}`
      )
  }
  if (!(error instanceof CheckFailed) && error instanceof Error) console.error(`\n${error.stack}`)
  await stopAll().catch(() => {})
  console.error(`\nsmoke:cluster: FAILED after ${passed} check(s), ${elapsed()}`)
  process.exit(1)
}

async function check<T extends string | { figures: string }>(
  title: string,
  run: () => Promise<T>
): Promise<T> {
  try {
    const result = await run()
    passed++
    console.log(`  ✓ ${title}\n      ${typeof result === 'string' ? result : result.figures}`)
    return result
  } catch (error) {
    return fail(title, error)
  }
}

/** What the smoke needs before it starts anything: HAProxy, PgBouncer, the build, PostgreSQL and Redis answering. */
async function preflight() {
  for (const [program, path, setting] of [
    ['HAProxy', config.haproxy, 'SMOKE_CLUSTER_HAPROXY'],
    ['PgBouncer', config.pgbouncer, 'SMOKE_CLUSTER_PGBOUNCER'],
  ]) {
    if (path && existsSync(path)) continue
    console.error(
      `smoke:cluster: ${program} is not installed. Install it with \`sudo apt-get install ` +
        `${program.toLowerCase()}\` (Debian, Ubuntu), or set ${setting} to its path.`
    )
    process.exit(1)
  }
  ensureBuild()
  const unreachable = (what: string) => (error: Error) =>
    fail(
      what,
      new CheckFailed(`${error.message} (set DATABASE_URL, REDIS_URL or SMOKE_CLUSTER_REDIS_URL)`)
    )
  await recreateDatabase(config.database).catch(
    unreachable(`PostgreSQL at ${new URL(config.databaseUrl).host}: recreating ${config.database}`)
  )
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  let refused: Error | undefined
  redis.on('error', (error) => (refused = error))
  await redis
    .connect()
    .then(() => redis.ping())
    .catch((error) => unreachable(`Redis at ${config.redisUrl}`)(refused ?? error))
  redis.disconnect()
  await flushRedis(config.redisUrl)
}

async function main() {
  await preflight()
  const ports = await freePorts(config.firstPort, 6)
  console.log(
    `smoke:cluster: the production build, database ${config.database} through PgBouncer on port ${ports[5]}, ` +
      `Redis ${config.redisUrl}, balancer on port ${ports[0]}`
  )

  await check('two nodes migrating at once (the release step) on an empty database', () =>
    migrateTwice(config, processes, { APP_KEY: 'cluster-smoke-app-key-cluster-smoke-01' })
  )
  const up = Date.now()
  try {
    const pooler = await startPooler(config, ports[5], processes)
    cluster = await prepareCluster(config, ports, processes, pooler, { SCHEDULES_CHECK_MS: '2000' })
    await cluster.up()
  } catch (error) {
    await fail('starting the cluster', error)
  }
  console.log(
    `  · PgBouncer, 2 web nodes, 2 workers, HAProxy, s3rver and the AI double up in ` +
      `${((Date.now() - up) / 1000).toFixed(1)} s`
  )

  await check('the session timeouts through PgBouncer in transaction mode', () =>
    timeoutsThroughPooler(cluster!)
  )

  const { learner } = await check('sign-in on one node, work on the other', () =>
    signInAcrossNodes(cluster!)
  )
  await check('an upload read back through the other node', () =>
    uploadAcrossNodes(cluster!, learner)
  )
  const { deckId } = await check('an import done exactly once with two workers', () =>
    importOnce(cluster!, learner)
  )
  await check('live AI notes through the balancer', () =>
    liveNotesThroughBalancer(cluster!, learner)
  )
  await check('a web node SIGKILLed during 200 answers', () =>
    answersThroughNodeKill(cluster!, learner, deckId)
  )
  await check('the killed web node back in rotation', () => nodeBackInRotation(cluster!))
  await check('a worker SIGKILLed during an AI stream', () =>
    aiStreamThroughWorkerKill(cluster!, learner)
  )
  await check('schedules surviving a Redis flush', () => schedulesAfterFlush(cluster!))
  await check('every node and worker through PgBouncer, LISTEN straight at PostgreSQL', () =>
    throughThePooler(cluster!)
  )

  await check('everything stopped, every port free', async () => {
    const names = [...processes.keys()].filter((name) => !name.startsWith('migrate'))
    await stopAll()
    const left = [...processes].filter(([, child]) => !child.ended()).map(([name]) => name)
    if (left.length) throw new CheckFailed(`still running: ${left.join(', ')}`)
    const taken = []
    for (const port of ports) if (!(await portFree(port))) taken.push(port)
    if (taken.length) throw new CheckFailed(`ports still taken: ${taken.join(', ')}`)
    return `${names.join(', ')}, s3rver and the AI double stopped; ports ${ports.join(', ')} free`
  })
  console.log(`\nsmoke:cluster: PASSED, ${passed} checks in ${elapsed()}`)
  /* nothing of the smoke's own (a pool, a socket) may keep CI waiting */
  process.exit(0)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nsmoke:cluster: ${signal}, stopping everything`)
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
  })
}
process.on('unhandledRejection', (error) => void fail('unexpected error', error))
process.on('uncaughtException', (error) => void fail('unexpected error', error))
await main().catch((error) => fail('unexpected error', error))
