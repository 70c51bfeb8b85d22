import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { redisUrl } from '#config/redis'

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'mnemo-session',
  clearWithBrowser: false,
  age: '30d',
  cookie: {
    path: '/',
    httpOnly: true,
    /* COOKIES_SECURE=false: only for benchmarking the production build over plain HTTP (bench/page_weight.ts) */
    secure: env.get('COOKIES_SECURE', app.inProduction),
    sameSite: 'lax',
  },
  /* Redis when it is there, the database otherwise. */
  store: env.get('SESSION_DRIVER', redisUrl ? 'redis' : 'database'),
  stores: {
    cookie: stores.cookie(),
    redis: stores.redis({ connection: 'main' }),
    database: stores.database({ connectionName: 'postgres', tableName: 'sessions' }),
  },
})

export default sessionConfig
