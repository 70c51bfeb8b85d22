import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { resetState } from '#tests/support/helpers'

/*
 * Redis away, as a server meets it: a web server of its own (`bin/server.ts`,
 * the test environment) whose REDIS_URL names a local port nothing listens
 * on. Sessions and rate limits live in Redis, so pages and sign-in cannot
 * work; they must say so (503, the maintenance entry), not fail with a 500
 * ("Session store has not been initiated").
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const READY_WITHIN_MS = 150_000

/** A local port nothing listens on (taken from the system, then closed again). */
async function freePort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts the server and resolves once it answers; the caller stops it. */
async function serverWithRedisAway() {
  const [port, redisPort, hmrPort] = [await freePort(), await freePort(), await freePort()]
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import=@poppinss/ts-exec', 'bin/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        VITE_HMR_PORT: String(hmrPort),
        REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  const output: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + READY_WITHIN_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    const up = await fetch(`${base}/api/remote_flags`).then(
      () => true,
      () => false
    )
    if (up) return { base, stop }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  throw new Error(
    `the server did not answer within ${READY_WITHIN_MS / 1000} s:\n${output.slice(-30).join('')}`
  )
}

test.group('Redis away', (group) => {
  group.each.setup(() => resetState())

  test(
    "pages and sign-in answer a clear 503 (a page in the reader's language; the catalogue's JSON for the " +
      'API), never a 500',
    async ({ assert }) => {
      const server = await serverWithRedisAway()
      try {
        const page = await fetch(`${server.base}/sign-in`, {
          headers: { 'accept': 'text/html', 'accept-language': 'de' },
        })
        assert.equal(page.status, 503)
        const html = await page.text()
        assert.include(html, 'data-error="service-unavailable"')
        assert.include(html, 'Der Server wird gerade gewartet')
        assert.notMatch(html, /Session store|E_SESSION_NOT_READY|MaxRetriesPerRequest|at \S+:\d+/)

        const form = await fetch(`${server.base}/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'accept': 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=ana%40example.test&password=whatever-it-is',
        })
        assert.equal(form.status, 503)

        const api = await fetch(`${server.base}/api/authentication/login_with_provider`, {
          method: 'POST',
          headers: { 'accept': 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({
            kind: 'email',
            user: { email: 'ana@example.test', password: 'whatever-it-is' },
          }),
        })
        assert.equal(api.status, 503)
        const body = await api.json()
        assert.equal(body.code, 'E_MAINTENANCE')
        assert.isString(body.title)
        assert.isString(body.body)
        assert.equal(api.headers.get('retry-after'), '30')
      } finally {
        await server.stop()
      }
    }
  ).timeout(READY_WITHIN_MS + 60_000)
})
