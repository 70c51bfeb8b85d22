import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'

export const appKey = env.get('APP_KEY')

/** Absolute URL of the web app, used in e-mailed links. */
export const appUrl =
  env.get('APP_URL') ?? `http://${env.get('HOST', 'localhost')}:${env.get('PORT', 3333)}`

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
