/*
| `npm start`: the whole product on one machine with nothing installed but
| Node. Creates .env on first run, starts the embedded PostgreSQL unless
| DATABASE_URL / DB_HOST is set, migrates, seeds the demo account, then runs
| the web server and the job worker until Ctrl-C.
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { ensureDatabase } from './embedded_postgres.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const node = process.execPath

/* what earlier versions wrote into .env: a fixed APP_URL that sent e-mailed links to port 3333 whatever PORT was */
const OLD_FIXED_APP_URL = /^APP_URL=http:\/\/localhost:3333$/m

function ensureEnvFile() {
  const envFile = `${root}.env`
  if (existsSync(envFile)) {
    const current = readFileSync(envFile, 'utf8')
    if (OLD_FIXED_APP_URL.test(current)) {
      writeFileSync(
        envFile,
        current.replace(OLD_FIXED_APP_URL, '# APP_URL defaults to http://HOST:PORT')
      )
      console.log('[start] .env: APP_URL now follows HOST and PORT')
    }
    return
  }
  const example = readFileSync(`${root}.env.example`, 'utf8')
  writeFileSync(
    envFile,
    example.replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(24).toString('base64url')}`)
  )
  console.log('[start] created .env with a fresh APP_KEY')
}

function ace(args: string[]) {
  const result = spawnSync(node, ['ace', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  if (result.status !== 0) throw new Error(`node ace ${args.join(' ')} failed`)
}

/* a busy port would make the dev server pick another one silently */
async function assertPortFree(port: number) {
  const server = createServer()
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(port, resolve)
  ).catch(() => {
    console.error(
      `[start] port ${port} is in use (another Mnemo running?). Stop it, or set PORT in .env.`
    )
    process.exit(1)
  })
  await new Promise((resolve) => server.close(resolve))
}

ensureEnvFile()
await assertPortFree(
  Number(process.env.PORT || readFileSync(`${root}.env`, 'utf8').match(/^PORT=(\d+)/m)?.[1] || 3333)
)
const database = await ensureDatabase('dev').catch((error: Error) => {
  console.error(`[start] ${error.message}`)
  process.exit(1)
})
if (database) console.log(`[start] embedded PostgreSQL at ${database.url}`)

/*
 * The web server and the worker each run in a process group of their own
 * (`ace serve` leaves the server to a child of its own), and so does the
 * embedded PostgreSQL: Ctrl-C reaches this process alone, which stops both
 * groups, waits until every process in them is gone, and stops PostgreSQL
 * last, so no session ends under a process still stopping.
 */
let children: ChildProcess[] = []
let stopping = false

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

async function stopGroup(child: ChildProcess) {
  if (!child.pid || !groupAlive(child.pid)) return
  process.kill(-child.pid, 'SIGINT')
  for (let waited = 0; groupAlive(child.pid) && waited < 30_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100))
  if (groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL')
}

async function stop(code = 0) {
  if (stopping) return
  stopping = true
  await Promise.all(children.map(stopGroup))
  await database?.stop()
  process.exit(code)
}
process.on('SIGINT', () => stop())
process.on('SIGTERM', () => stop())

try {
  ace(['migration:run', '--force'])
  ace(['db:seed'])
} catch (error) {
  console.error(`[start] ${(error as Error).message}`)
  await stop(1)
}

children = [
  spawn(node, ['ace', 'serve', '--hmr'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    detached: true,
  }),
  spawn(node, ['ace', 'queue:work'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    detached: true,
  }),
]
for (const child of children) child.on('exit', (code) => !stopping && stop(code ?? 1))
