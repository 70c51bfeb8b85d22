import { parentPort, workerData } from 'node:worker_threads'

/*
 * A parse thread's entry (parse_thread.ts): runs the one exported function
 * it is given and posts its value, or its error as plain data (an
 * ApiException's status, code, key and options), back to the caller.
 */
const { module, name, args } = workerData as { module: string; name: string; args: unknown[] }
try {
  const loaded = await import(module)
  parentPort!.postMessage({ ok: true, value: await loaded[name](...args) })
} catch (error: any) {
  const { status, code, key, options } = error ?? {}
  parentPort!.postMessage({ ok: false, error: { message: String(error?.message ?? error), status, code, key, options } })
}
