import app from '@adonisjs/core/services/app'
import env from '#start/env'
import ApiException from '#exceptions/api_exception'

/*
 * A service the request needs is away: the database (refused, reset, shut
 * down, no connection within the pool's wait) or Redis (sessions and rate
 * limits). That is the server's state, not a bug of the request: 503 with
 * the maintenance entry of the catalogue, which the apps and pages show as
 * the server-down alert, rather than a 500.
 */

/* Node's socket errors, and PostgreSQL's: admin/crash shutdown, cannot connect now, too many connections */
const AWAY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
/* Knex's pool gave no connection in time; ioredis gave up on a command */
const AWAY_NAMES = new Set(['KnexTimeoutError', 'MaxRetriesPerRequestError'])
/* errors that carry no code: pg's lost connection, ioredis's closed one */
const AWAY_MESSAGES = [
  /^Connection terminated/,
  /^Connection is closed/,
  /timeout exceeded when trying to connect/,
  /^Stream isn't writeable/,
]

/** True when `error` (or what caused it) says the database or Redis cannot be reached. */
export function isServiceAway(error: unknown) {
  let current = error as
    { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = String(current.code ?? '')
    if (AWAY_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    if (AWAY_NAMES.has(String(current.name))) return true
    const message = String(current.message ?? '')
    if (AWAY_MESSAGES.some((pattern) => pattern.test(message))) return true
    current = current.cause as typeof current
  }
  return false
}

/** What a request meets while a service is away. */
export const serviceAway = () => ApiException.of('E_MAINTENANCE')

/**
 * Whether error answers may show their internals (the stack, the SQL):
 * only when a developer sets DEBUG_ERRORS=true, and never in production.
 * Development is reachable by others too (a shared machine, a tunnel).
 */
export function showsErrorDetails() {
  return !app.inProduction && env.get('DEBUG_ERRORS') === true
}
