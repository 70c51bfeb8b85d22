/*
| The whole suite in two processes at once: `npm test` with no arguments
| runs the functional suite beside the unit, integration and browser suites. Each test
| process spends most of its time waiting (on PostgreSQL, its worker,
| Chromium), so on 2 cores the two finish in little more than the longer
| one's time instead of the sum.
|
| Each shard has what a test run owns: its own database (the embedded
| server's `mnemo` and `mnemo_2`, or `<name>` and `<name>_2` on
| DATABASE_URL's server), its own Redis database (REDIS_URL's number, then
| the next), its own ports (PORT, IDENTITY_PORT and VITE_HMR_PORT, then each
| plus one), and its own folders for stored files and Vite's cache
| (TEST_SHARD names them). TEST_PARALLEL=false runs everything in one
| process, as does any run given arguments (a suite, --files, …).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import pg from 'pg'

type Shard = { name: string; suites: string[]; env: Record<string, string>; failures: string[] }

/* the defaults of .env.test (PORT, IDENTITY_PORT) and of Vite (its HMR socket) */
const PORT = Number(process.env.PORT || 3334)
const IDENTITY_PORT = Number(process.env.IDENTITY_PORT || 30399)
const VITE_HMR_PORT = Number(process.env.VITE_HMR_PORT || 24678)

/** Whether this run is split: the whole suite, asked for with no arguments, on a machine with two cores or more. */
export function runsInShards(args: string[]) {
  if (process.env.TEST_SHARD || args.length > 0) return false
  if (['false', '0'].includes(process.env.TEST_PARALLEL ?? '')) return false
  return Boolean(process.env.DATABASE_URL) && availableParallelism() >= 2
}

/** The same server, another database: `<name>_<n>`, made when missing. */
async function databaseBeside(url: string, n: number) {
  const target = new URL(url)
  const name = `${target.pathname.slice(1)}_${n}`
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  target.pathname = `/${name}`
  return target.toString()
}

function redisBeside(url: string | undefined, n: number): Record<string, string> {
  if (!url) return {}
  const target = new URL(url)
  target.pathname = `/${Number(target.pathname.slice(1) || 0) + n - 1}`
  return { REDIS_URL: target.toString() }
}

async function shards(databaseUrl: string): Promise<Shard[]> {
  return [
    { name: 'functional', suites: ['functional'], env: { TEST_SHARD: '1' }, failures: [] },
    {
      name: 'browser',
      suites: ['unit', 'integration', 'browser'],
      failures: [],
      env: {
        TEST_SHARD: '2',
        DATABASE_URL: await databaseBeside(databaseUrl, 2),
        ...redisBeside(process.env.REDIS_URL, 2),
        PORT: String(PORT + 1),
        IDENTITY_PORT: String(IDENTITY_PORT + 1),
        VITE_HMR_PORT: String(VITE_HMR_PORT + 1),
      },
    },
  ]
}

/* each line of a shard's output, named by its shard: the two interleave */
function relay(
  name: string,
  stream: NodeJS.ReadableStream,
  to: NodeJS.WritableStream,
  failures: string[]
) {
  let rest = ''
  let group = ''
  const write = (line: string) => {
    to.write(`${name} │ ${line}\n`)
    /* a failed test's title, with its group (which names the file), for the summary at the end */
    const plain = stripVTControlCharacters(line)
    if (/^\S+ \/ /.test(plain)) group = plain
    else if (plain.trimStart().startsWith('✖')) failures.push(`${group}\n${plain}`)
  }
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    lines.forEach(write)
  })
  stream.on('end', () => rest && write(rest))
}

/* a run stopped from outside stops its shards (Ctrl-C reaches them anyway, as its process group) */
const running = new Set<ChildProcess>()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => running.forEach((child) => child.kill(signal)))
}

function runShard(shard: Shard) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./test.ts', import.meta.url)), ...shard.suites],
    {
      env: { ...process.env, ...shard.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  running.add(child)
  relay(shard.name, child.stdout!, process.stdout, shard.failures)
  relay(shard.name, child.stderr!, process.stderr, shard.failures)
  return new Promise<number>((resolve) =>
    child.on('close', (code) => {
      running.delete(child)
      resolve(code ?? 1)
    })
  )
}

/** Runs the shards side by side on `databaseUrl`'s server; the exit code is the worst of theirs. */
export async function runShards(databaseUrl: string) {
  const started = Date.now()
  const all = await shards(databaseUrl)
  const codes = await Promise.all(all.map(runShard))
  /* the failed tests again, last: a log read from its end (CI's) shows them without the stacks above */
  for (const shard of all) {
    if (shard.failures.length > 0)
      console.log(`\n${shard.name}, failed:\n${shard.failures.join('\n')}`)
  }
  console.log(
    `\n${all.map((shard, i) => `${shard.name}: ${codes[i] === 0 ? 'passed' : 'FAILED'}`).join(' · ')} ` +
      `(${Math.round((Date.now() - started) / 1000)} s)`
  )
  return Math.max(...codes)
}
