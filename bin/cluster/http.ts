import type { Cluster, NodeName } from './cluster.js'

/** A check that did not hold; `show` names the processes whose last lines say why. */
export class CheckFailed extends Error {
  constructor(
    message: string,
    readonly show: string[] = []
  ) {
    super(message)
  }
}

export function expect(
  condition: unknown,
  message: string,
  show: string[] = []
): asserts condition {
  if (!condition) throw new CheckFailed(message, show)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it gives a value, every 100 ms, for at most `withinMs`. */
export async function until<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  withinMs: number,
  show: string[] = []
) {
  const deadline = Date.now() + withinMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline)
      throw new CheckFailed(`${what}: not within ${withinMs / 1000} s`, show)
    await sleep(100)
  }
}

export interface Answer {
  status: number
  body: any
  servedBy: string | null
}

/**
 * A JSON call through the balancer, as the mobile apps make it: a bearer
 * token, JSON in and out. `node` pins it to one node (HAProxy's use-server,
 * while that node is up); otherwise round robin decides.
 */
export async function call(
  cluster: Cluster,
  method: string,
  path: string,
  options: { token?: string; node?: NodeName; body?: object; form?: FormData } = {}
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.node) headers['x-smoke-node'] = options.node
  if (options.body) headers['content-type'] = 'application/json'
  const response = await fetch(`${cluster.lb}${path}`, {
    method,
    headers,
    body: options.form ?? (options.body ? JSON.stringify(options.body) : undefined),
  })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, body, servedBy: cluster.servedBy(response) }
}

/** A short account of an answer, for a failure message. */
export const told = (answer: Answer) =>
  `${answer.status} from ${answer.servedBy ?? 'the balancer'}: ${JSON.stringify(answer.body).slice(0, 300)}`
