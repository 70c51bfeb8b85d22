import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/*
 * A further web server (bin/server.ts, the production entrypoint) beside the
 * one the suite runs in-process, with its own settings: a second node behind
 * a balancer, or a node whose database or Redis is away. The caller stops it.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const READY_WITHIN_MS = 90_000

/** A port nothing listens on (the OS hands it out, then it is closed again). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export type WebProcess = {
  url: string
  output: () => string
  running: () => boolean
  stop: () => Promise<void>
}

/**
 * Starts a web server with `env` over the test environment; resolves once
 * `/api/health` answers (at once with `waitUntilUp: false`: see `untilUp`).
 */
export async function startWebProcess(
  env: Record<string, string> = {},
  options: { waitUntilUp?: boolean } = {}
): Promise<WebProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      VITE_HMR_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString())
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const web = {
    url: `http://127.0.0.1:${port}`,
    output: () => lines.join(''),
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => stop(child),
  }
  if (options.waitUntilUp !== false) await untilUp(web)
  return web
}

/** Resolves once the server answers `/api/health`; stops it and fails when it exits or takes too long. */
export async function untilUp(web: WebProcess, withinMs = READY_WITHIN_MS) {
  const deadline = Date.now() + withinMs
  while (!(await answers(`${web.url}/api/health`))) {
    if (!web.running() || Date.now() > deadline) {
      await web.stop()
      throw new Error(`the web server at ${web.url} did not start\n${web.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function answers(url: string) {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
