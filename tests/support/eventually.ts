import { workerOutput } from '#tests/support/worker_process'

/**
 * Waits, bounded, until `check` gives a truthy value (the server's, the
 * worker's or a double's own pace: a test never sleeps a fixed time), and
 * returns that value. Past the bound it fails naming `what`, with the
 * worker's latest output. The bound is not a timed assertion: it only
 * keeps a broken run from hanging.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 30_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await check()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms\n${workerOutput()}`)
}
