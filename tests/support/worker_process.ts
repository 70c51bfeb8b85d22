import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * The background worker as users meet it: `node ace queue:work` in a process
 * of its own, with the test environment (database, Redis, outbox) inherited.
 * A job that only works when the web process's state is loaded (routes,
 * services booted by HTTP) fails here as it would in production.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const READY_WITHIN_MS = 60_000

let child: ChildProcess | undefined
let starting: Promise<void> | undefined
const output: string[] = []

/** The worker's last lines, for a test that wants to show why a job did not finish. */
export function workerOutput(lines = 40) {
  return output.slice(-lines).join('')
}

/** Starts the worker once, however many suites ask for it. */
export function startWorkerProcess(concurrency = 2) {
  starting ??= spawnWorker(concurrency)
  return starting
}

async function spawnWorker(concurrency: number) {
  child = await spawnReadyWorker(concurrency)
}

/** A worker process, resolved once it says it is ready. */
async function spawnReadyWorker(concurrency: number, env: Record<string, string> = {}) {
  const started = spawn(
    process.execPath,
    ['ace', 'queue:work', '--concurrency', String(concurrency)],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      /* the IPC channel lets the worker exit when the test runner dies */
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }
  )
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`the worker was not ready within ${READY_WITHIN_MS / 1000} s`)),
      READY_WITHIN_MS
    )
    const fail = (error: Error) => {
      clearTimeout(timer)
      reject(new Error(`${error.message}\n${workerOutput()}`))
    }
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString())
      if (output.length > 500) output.splice(0, output.length - 500)
      if (chunk.toString().includes('worker ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    started.stdout!.on('data', collect)
    started.stderr!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString())
      /* a job's failure log is what a developer needs when a test waits in vain */
      process.stderr.write(`[worker] ${chunk}`)
    })
    started.once('exit', (code) =>
      fail(new Error(`the worker exited with code ${code} before it was ready`))
    )
  })
  started.removeAllListeners('exit')
  return started
}

/**
 * A further worker beside the suite's one, for tests of what two workers must
 * not both do (a job taken by each at once), or of a worker with settings of
 * its own (`env`). The caller stops it.
 */
export async function startExtraWorkerProcess(concurrency = 2, env: Record<string, string> = {}) {
  const extra = await spawnReadyWorker(concurrency, env)
  const stop = async () => {
    if (extra.exitCode !== null || extra.signalCode !== null) return
    const exited = new Promise((resolve) => extra.once('exit', resolve))
    extra.kill('SIGTERM')
    const timer = setTimeout(() => extra.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  /** the worker killed at once, as a crash or an out-of-memory kill ends it: whatever it was doing stops mid-way */
  const kill = async () => {
    if (extra.exitCode !== null || extra.signalCode !== null) return
    const exited = new Promise((resolve) => extra.once('exit', resolve))
    extra.kill('SIGKILL')
    await exited
  }
  return Object.assign(stop, { kill, pid: extra.pid! })
}

/** Kills the suite's worker at once (SIGKILL), as a crash or a lost machine would: its jobs are left running. */
/** The suite's worker's process id, once it runs. */
export function workerPid() {
  return child?.pid
}

export async function killWorkerProcess() {
  const running = child
  child = undefined
  starting = undefined
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGKILL')
  await exited
}

export async function stopWorkerProcess() {
  const running = child
  child = undefined
  starting = undefined
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  const timer = setTimeout(() => running.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
