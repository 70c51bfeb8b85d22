import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

/*
 * A parse thread's entry (parse_thread.ts): loads its module at once (a
 * spare thread is ready before it is needed), then runs the one call it is
 * given and posts its value, or its error as plain data (an ApiException's
 * status, code, key and options), back to the caller. One call per thread.
 */
const { module } = workerData as { module: string }
/*
 * The parse yields the CPU to the event loop it was taken off: on a machine
 * with two cores, a thread at the same priority as the web server's main
 * thread still held every other learner's requests for up to a second
 * (bench/abuse.ts, the PDF attack). On Linux a nice value belongs to the
 * calling thread alone; elsewhere it would lower the whole server, so it is
 * left as it is there.
 */
if (process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {}
}
const loading = import(module)
loading.catch(() => {})
parentPort!.once('message', async ({ name, args }: { name: string; args: unknown[] }) => {
  try {
    const loaded = await loading
    parentPort!.postMessage({ ok: true, value: await loaded[name](...args) })
  } catch (error: any) {
    const { status, code, key, options } = error ?? {}
    parentPort!.postMessage({
      ok: false,
      error: { message: String(error?.message ?? error), status, code, key, options },
    })
  }
})
