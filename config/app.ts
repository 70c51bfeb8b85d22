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
  const reachable = ['0.0.0.0', '::', '[::]'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${reachable}:${port}`
}

/** Absolute URL of the web app, used in e-mailed links. */
export const appUrl = (env.get('APP_URL') ?? defaultAppUrl(env.get('HOST'), env.get('PORT'))).replace(/\/+$/, '')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
  /* X-Forwarded-For is believed only from proxies on loopback or private networks: rate limits key on the client IP */
  trustProxy: proxyAddr.compile(['loopback', 'uniquelocal']),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '365d',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
