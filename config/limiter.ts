import { defineConfig, stores } from '@adonisjs/limiter'
import { redisUrl } from '#config/redis'

const limiterConfig = defineConfig({
  /* Redis when it is there, the database otherwise. */
  default: redisUrl ? 'redis' : 'database',
  stores: {
    redis: stores.redis({ connectionName: 'main' }),
    database: stores.database({ connectionName: 'postgres', tableName: 'rate_limits' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
