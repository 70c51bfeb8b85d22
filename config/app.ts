import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'

export const appKey = env.get('APP_KEY')

/**
 * Where the server is reached when APP_URL is not set: the HOST and PORT it
 * listens on (a wildcard address is reached through localhost).
 */
export function defaultAppUrl(host = 'localhost', port = 3333) {
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host)
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host
  return `http://${reachable}:${port}`
}

/** Absolute URL of the web app, used in e-mailed links. */
export const appUrl = (
  env.get('APP_URL') ?? defaultAppUrl(env.get('HOST'), env.get('PORT'))
).replace(/\/+$/, '')

/**
 * The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES: addresses,
 * CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`,
 * comma-separated). None by default: without a proxy in front, any client
 * could write the header and pick the address its requests are counted
 * under. A bad entry stops the boot (proxy-addr throws).
 */
export function compileTrustedProxies(value: string | undefined) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return { entries, trust: proxyAddr.compile(entries) }
}

let trusted = compileTrustedProxies(env.get('TRUSTED_PROXIES')).trust

/** Tests run the server in their own process: they name other proxies here, and put the configured ones back. */
export function setTrustedProxies(value: string | undefined) {
  trusted = compileTrustedProxies(value).trust
}

/* the framework's own JSON writer (safe-stable-stringify: cycles dropped, BigInts as strings) */
const { serializeJSON: safeJson } = defineConfig({})

export const http = defineConfig({
  generateRequestId: true,
  /*
   * JSON answers through the engine's JSON.stringify, twice as fast on a
   * large answer (GET decks of 300 decks is 1.1 MB); what it refuses (a
   * cycle, a BigInt) goes to the framework's writer, so every answer reads
   * as before.
   */
  serializeJSON: (value: unknown) => {
    try {
      return JSON.stringify(value)
    } catch {
      return safeJson(value)
    }
  },
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
  /* per-IP rate limits key on request.ip(): X-Forwarded-For counts only from the proxies named in TRUSTED_PROXIES */
  trustProxy: (address: string, hop: number) => trusted(address, hop),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '365d',
    httpOnly: true,
    secure: env.get('COOKIES_SECURE', app.inProduction),
    sameSite: 'lax',
  },
})
