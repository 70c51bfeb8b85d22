/**
 * fetch() for the few JSON endpoints pages call outside Inertia visits
 * (previews, uploads): sends the XSRF token shield expects, turns the
 * server's `{ title, body?, code }` error answers into thrown errors, and
 * takes the learner to sign in when the server answers 401.
 */

/** Shield's XSRF-TOKEN cookie, as the X-XSRF-TOKEN header wants it. */
export function xsrfToken() {
  if (typeof document === 'undefined') return ''
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)
  return match ? decodeURIComponent(match[1]) : ''
}

/**
 * An error answer. `message` is the server's text (body, else title) and is
 * empty when there was none (network failure, non-JSON answer): callers
 * show their own translated fallback then.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly title?: string,
    /** a 422's `[{field, rule, message}]` */
    readonly errors: { field: string; rule?: string; message: string }[] = []
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

type RequestOptions = Omit<RequestInit, 'body'> & { body?: BodyInit; json?: unknown }

/**
 * The spec's client rules (000 §8): a 120 s timeout, and 2 retries on network failures only (never on an HTTP
 * answer).
 */
const REQUEST_TIMEOUT_MS = 120_000
const NETWORK_RETRIES = 2
/* methods a lost answer may be sent again for: a POST may have been applied already, and is not repeated */
const REPEATABLE = new Set(['GET', 'HEAD', 'PUT', 'DELETE'])

/**
 * What the page-wide alerts show (components/connection_alerts.tsx): a
 * failed request tells them through this window event, as Inertia visits do
 * through the router's events.
 */
export const CONNECTION_PROBLEM = 'mnemo:connection-problem'
export type ConnectionProblem = { status: number; title?: string; body?: string }
function report(problem: ConnectionProblem) {
  if (typeof window !== 'undefined')
    window.dispatchEvent(
      new CustomEvent<ConnectionProblem>(CONNECTION_PROBLEM, { detail: problem })
    )
}

/**
 * The sign-in page for a learner whose session ended under an open page
 * (signed out elsewhere, a password changed, the session expired): it says
 * so, and signing in comes back to `location` (path and query, as `next`).
 */
function sessionEndedUrl(location: { pathname: string; search: string }) {
  return `/sign-in?${new URLSearchParams({ next: `${location.pathname}${location.search}`, session: 'ended' })}`
}

/**
 * A 401: the server no longer knows the learner. The page goes to sign in
 * (a full load: nothing of the ended session stays) instead of showing a
 * failure the learner can do nothing about; the call never settles, so no
 * caller shows one meanwhile.
 */
function leaveForSignIn(): Promise<never> {
  window.location.assign(sessionEndedUrl(window.location))
  return new Promise<never>(() => {})
}

async function send(url: string, init: RequestInit, retries: number): Promise<Response> {
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    : AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  try {
    return await fetch(url, { ...init, signal })
  } catch (error) {
    /* the caller cancelled: not a failure */
    if (init.signal?.aborted) throw error
    if (retries > 0) return send(url, init, retries - 1)
    throw error
  }
}

export async function requestJson<T>(
  url: string,
  { json, headers: extra, ...init }: RequestOptions = {}
): Promise<T> {
  const headers = new Headers(extra)
  headers.set('Accept', 'application/json')
  headers.set('X-XSRF-TOKEN', xsrfToken())
  let body = init.body
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(json)
  }

  let response: Response
  const method = (init.method ?? 'GET').toUpperCase()
  try {
    response = await send(
      url,
      { credentials: 'same-origin', ...init, headers, body },
      REPEATABLE.has(method) ? NETWORK_RETRIES : 0
    )
  } catch (error) {
    if ((error as Error).name === 'AbortError' && init.signal?.aborted) throw error
    report({ status: 0 })
    throw new HttpError('', 0, 'E_NETWORK')
  }

  return answered<T>(response.status, await response.json().catch(() => null))
}

/** A JSON answer: its data, or (401) the way to sign in, or the error it carries thrown. */
function answered<T>(status: number, data: unknown): T | Promise<never> {
  if (status === 401 && typeof window !== 'undefined' && window.location.pathname !== '/sign-in')
    return leaveForSignIn()
  if (status < 200 || status >= 300) {
    const problem = (data ?? {}) as {
      title?: string
      body?: string
      code?: string
      errors?: HttpError['errors']
    }
    /* the server down (500) or in maintenance behind its proxy (502, 504): the page-wide alert too */
    if ([500, 502, 504].includes(status))
      report({ status, title: problem.title, body: problem.body })
    throw new HttpError(
      problem.body ?? problem.title ?? '',
      status,
      problem.code,
      problem.title,
      Array.isArray(problem.errors) ? problem.errors : []
    )
  }
  return data as T
}

export type UploadOptions = {
  /** the share sent so far, in whole percents (called once per step: 0 to 100) */
  onProgress?: (percent: number) => void
  /** aborts the upload: the promise rejects with an AbortError, and the server keeps nothing */
  signal?: AbortSignal
}

/**
 * Sends a file (FormData) as requestJson sends JSON, with the upload's
 * progress (spec 000 §7: reported in 1 percent steps; can be cancelled):
 * fetch() cannot tell how much of a body went out, XMLHttpRequest can. Not
 * sent again on a network failure (a POST).
 */
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {}
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled', 'AbortError')
    if (signal?.aborted) return reject(abortError())
    const xhr = new XMLHttpRequest()
    let shown = -1
    const progress = (percent: number) => {
      if (percent !== shown) onProgress?.((shown = percent))
    }
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('X-XSRF-TOKEN', xsrfToken())
    xhr.timeout = REQUEST_TIMEOUT_MS
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && progress(Math.floor((event.loaded / event.total) * 100))
    xhr.onload = () => {
      let data: unknown = null
      try {
        data = JSON.parse(xhr.responseText)
      } catch {}
      Promise.resolve()
        .then(() => answered<T>(xhr.status, data))
        .then(resolve, reject)
    }
    const failed = () => {
      report({ status: 0 })
      reject(new HttpError('', 0, 'E_NETWORK'))
    }
    xhr.onerror = failed
    xhr.ontimeout = failed
    xhr.onabort = () => reject(abortError())
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    progress(0)
    xhr.send(body)
  })
}
