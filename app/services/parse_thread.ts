import { Worker } from 'node:worker_threads'
import ApiException from '#exceptions/api_exception'
import { isErrorCode } from '#exceptions/catalogue'
import { pdfUnreadable, type PdfRead } from '#services/pdf_text'
import env from '#start/env'

/*
 * Heavy parsing off the web server's event loop (docs/api.md: Uploads and
 * their ceilings). A PDF's text, read in the request, would hold every other
 * request of the process while pdf.js works (a 20 MB page: seconds); here
 * it runs in a worker thread of its own, one per call, with a cap on its
 * heap (`PARSE_MAX_MB`) and on its time (`PARSE_TIMEOUT_MS`): a file past
 * either is 422 E_FILE_TOO_COMPLEX, and the thread is gone with all it held.
 * At most MAX_THREADS run at once; further calls wait their turn. A thread
 * serves one call and is gone; a spare, its module already loaded, waits for
 * the next, so a call does not pay for a thread's start.
 */

/** The thread's heap cap (MB) and time cap (ms), read per call. */
export function parseLimits() {
  const positive = (value: unknown, fallback: number) =>
    Number(value) > 0 ? Number(value) : fallback
  return {
    maxMb: positive(env.get('PARSE_MAX_MB'), 512),
    timeoutMs: positive(env.get('PARSE_TIMEOUT_MS'), 30_000),
  }
}

export const fileTooComplex = (field: string) =>
  ApiException.of('E_FILE_TOO_COMPLEX', { field, apiField: field })

/* at most this many threads at once (each may take its heap cap); the others wait their turn, off the event loop too */
const MAX_THREADS = 2
let running = 0
const waiting: (() => void)[] = []

/** How many parse threads are at work now (a test waits on it). */
export function parsesRunning() {
  return running
}

async function takeTurn() {
  if (running < MAX_THREADS) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
}

/* the turn goes to the next waiting call, or back to the pool */
function endTurn() {
  const next = waiting.shift()
  if (next) next()
  else running--
}

/** What the thread sends back: the function's value, or its error as data. */
type Reply =
  | { ok: true; value: unknown }
  | {
      ok: false
      error: { message: string; status?: number; code?: string; key?: string; options?: object }
    }

/**
 * A module beside the caller's, by its name without extension: `.ts` when
 * the app runs from source, `.js` once built.
 */
function siblingModule(callerUrl: string, name: string) {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl)
}

interface Spare {
  worker: Worker
  module: string
  maxMb: number
}

/* one thread started ahead, its module loaded, for the next call: a call does not wait for a thread to boot */
let spare: Spare | null = null

function startThread(module: URL, maxMb: number): Worker {
  const fromSource = module.pathname.endsWith('.ts')
  const worker = new Worker(
    new URL(`./parse_thread_entry${fromSource ? '.ts' : '.js'}`, import.meta.url),
    {
      workerData: { module: module.href },
      /* running from source, the thread needs the TypeScript loader the process started with */
      execArgv: fromSource ? ['--import=@poppinss/ts-exec'] : [],
      resourceLimits: {
        maxOldGenerationSizeMb: maxMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(4, maxMb / 4)),
      },
      stdout: false,
      stderr: false,
    }
  )
  /*
   * an idle thread keeps no process alive; a spare that fails (its heap cap reached while loading) is simply
   * not used
   */
  worker.unref()
  worker.on('error', () => {})
  return worker
}

/* the spare if it is the right one, else a new thread; a spare for the next call is started either way */
function threadFor(module: URL, maxMb: number): Worker {
  const ready = spare && spare.module === module.href && spare.maxMb === maxMb ? spare.worker : null
  if (!ready && spare) void spare.worker.terminate()
  spare = null
  const worker = ready ?? startThread(module, maxMb)
  const next: Spare = { worker: startThread(module, maxMb), module: module.href, maxMb }
  next.worker.once('exit', () => {
    if (spare === next) spare = null
  })
  spare = next
  return worker
}

/**
 * Calls `name(...args)` exported by `module` in a worker thread of its own,
 * within the caps; `transfer` moves buffers instead of copying them. An
 * ApiException the function throws comes back as itself; any other failure
 * as an Error; a cap reached as 422 E_FILE_TOO_COMPLEX naming `field`.
 */
export async function runInThread<T>(
  module: URL,
  name: string,
  args: unknown[],
  options: { field: string; transfer?: ArrayBuffer[] }
): Promise<T> {
  await takeTurn()
  const { maxMb, timeoutMs } = parseLimits()
  let worker: Worker
  try {
    worker = threadFor(module, maxMb)
  } catch (error) {
    endTurn()
    throw error
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      endTurn()
      clearTimeout(timer)
      outcome()
      void worker.terminate()
    }
    const timer = setTimeout(() => settle(() => reject(fileTooComplex(options.field))), timeoutMs)
    worker.once('message', (reply: Reply) =>
      settle(() => (reply.ok ? resolve(reply.value as T) : reject(rebuild(reply.error))))
    )
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fileTooComplex(options.field) : error)
      )
    )
    worker.once('exit', () => settle(() => reject(fileTooComplex(options.field))))
    worker.postMessage({ name, args }, options.transfer ?? [])
  })
}

function rebuild(error: Extract<Reply, { ok: false }>['error']) {
  /* the catalogue's error as the thread built it: its code, its wording and its options */
  if (isErrorCode(error.code) && error.key) {
    return ApiException.of(error.code, { ...error.options, key: error.key as never })
  }
  return new Error(error.message)
}

/**
 * The text of a PDF's chosen pages (pdf_text.ts's pdfText), read in a parse
 * thread; a failure pdf.js did not foresee is "unreadable", never a 500.
 */
export async function readPdfText(bytes: Uint8Array, pages: number[] | null): Promise<PdfRead> {
  /* a buffer of its own, moved to the thread rather than copied */
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes
      : new Uint8Array(bytes)
  try {
    return await runInThread<PdfRead>(
      siblingModule(import.meta.url, 'pdf_text'),
      'pdfText',
      [own, pages],
      { field: 'file', transfer: [own.buffer as ArrayBuffer] }
    )
  } catch (error) {
    throw error instanceof ApiException ? error : pdfUnreadable()
  }
}
