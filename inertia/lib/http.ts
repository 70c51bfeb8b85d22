/**
 * fetch() for the few JSON endpoints pages call outside Inertia visits
 * (previews, uploads): sends the XSRF token shield expects and turns the
 * server's `{ title, body?, code }` error answers into thrown errors.
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

export async function requestJson<T>(url: string, { json, headers: extra, ...init }: RequestOptions = {}): Promise<T> {
  const headers = new Headers(extra)
  headers.set('Accept', 'application/json')
  headers.set('X-XSRF-TOKEN', xsrfToken())
  let body = init.body
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(json)
  }

  let response: Response
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init, headers, body })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new HttpError('', 0, 'E_NETWORK')
  }

  const data = await response.json().catch(() => null)
  if (!response.ok) {
    const problem = (data ?? {}) as { title?: string; body?: string; code?: string; errors?: HttpError['errors'] }
    throw new HttpError(problem.body ?? problem.title ?? '', response.status, problem.code, problem.title, Array.isArray(problem.errors) ? problem.errors : [])
  }
  return data as T
}
