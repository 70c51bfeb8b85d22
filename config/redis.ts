import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/** Redis is optional: without REDIS_URL nothing connects to it. */
export const redisUrl = env.get('REDIS_URL')

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...(redisUrl ? parseRedisUrl(redisUrl) : { host: '127.0.0.1', port: 6379 }),
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      retryStrategy(times: number) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

function parseRedisUrl(value: string) {
  const url = new URL(value)
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  }
}

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
