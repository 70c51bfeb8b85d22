import { randomUUID } from 'node:crypto'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import { redisUrl } from '#config/redis'
import { storageRoot } from '#config/drive'

/*
 * DRIVE_DISK=fs keeps files on this machine's disk: fine for one machine
 * (its web server and worker share storage/), wrong for several, where an
 * upload on one node is a 404 on the next. The disk names itself (a random
 * id in storage/.disk-id, the same for every process that shares the
 * folder) and claims the deployment in Redis (when configured: several
 * nodes always share one); a process whose disk is not the claimed one
 * refuses to start. The claim lapses CLAIM_TTL_S after its last process
 * stops, so moving to another machine works after a few minutes.
 */
const CLAIM_KEY = 'mnemo:drive-fs-disk'
const CLAIM_TTL_S = 300

async function diskId() {
  const folder = storageRoot
  const file = `${folder}/.disk-id`
  const existing = await readFile(file, 'utf8').catch(() => '')
  if (existing.trim()) return existing.trim()
  await mkdir(folder, { recursive: true })
  const id = randomUUID()
  await writeFile(file, id, { flag: 'wx' }).catch(() => {})
  const claimed = await readFile(file, 'utf8')
  return claimed.trim()
}

export class SecondDiskError extends Error {}

/**
 * Claims the deployment for this machine's disk, or throws when another machine's disk has it; the returned
 * function stops renewing.
 */
export async function claimLocalDisk(): Promise<() => void> {
  if (env.get('DRIVE_DISK', 'fs') !== 'fs' || !redisUrl) return () => {}
  const { default: redis } = await import('@adonisjs/redis/services/main')
  const id = await diskId()
  const claim = async () => {
    await redis.set(CLAIM_KEY, id, 'EX', CLAIM_TTL_S, 'NX')
    const holder = await redis.get(CLAIM_KEY)
    if (holder !== id) {
      throw new SecondDiskError(
        `DRIVE_DISK=fs, and another machine's disk (${holder}) already stores this deployment's files: several ` +
          `nodes need DRIVE_DISK=s3 (docs/deployment.md)`
      )
    }
    await redis.expire(CLAIM_KEY, CLAIM_TTL_S)
  }
  try {
    await claim()
  } catch (error) {
    if (error instanceof SecondDiskError) throw error
    /* Redis does not answer: nothing to tell by (the readiness probe reports Redis) */
    logger.warn({ err: error }, 'drive: could not check which disk stores the files')
  }
  const timer = setInterval(
    () => claim().catch((error) => logger.error({ err: error }, 'drive: claim of the local disk')),
    (CLAIM_TTL_S / 5) * 1000
  )
  timer.unref()
  return () => clearInterval(timer)
}
