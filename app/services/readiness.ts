import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { redisUrl } from '#config/redis'

/**
 * Readiness (`GET /api/ready`, for load balancers and orchestrators): can
 * this process reach what every request needs? PostgreSQL answers `select 1`
 * and, when REDIS_URL is set, Redis answers PING, each within READY_TIMEOUT_MS
 * (an unreachable host must not hold the probe until the pool gives up).
 * Liveness is `/api/health`, which touches nothing: a node whose database is
 * away stays alive, and is only taken out of the rotation.
 */
const READY_TIMEOUT_MS = 2000

export type Readiness = { database: boolean; redis: boolean | null }

export async function checkReadiness(): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    within('database', async () => {
      await db.rawQuery('select 1')
    }),
    redisUrl ? within('redis', pingRedis) : Promise.resolve(null),
  ])
  return { database, redis }
}

async function pingRedis() {
  const { default: redis } = await import('@adonisjs/redis/services/main')
  await redis.ping()
}

async function within(name: string, probe: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS
    )
  })
  try {
    await Promise.race([probe(), timeout])
    return true
  } catch (error) {
    logger.warn({ err: error }, `readiness: ${name} unreachable`)
    return false
  } finally {
    clearTimeout(timer)
  }
}
