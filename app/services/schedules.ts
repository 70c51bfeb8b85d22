import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import { getQueue, scheduleRecurringJobs } from '#services/queue'
import { sweepWorkDirs } from '#services/work_dirs'

/*
 * The recurring jobs (SCHEDULES in app/services/queue.ts) live in the queue's
 * store: when Redis loses its data (a restart without persistence, a
 * failover, a flush) every schedule is gone, and nothing would run again
 * (reminders, pruning, library counts) until a worker restarts. A worker
 * registers them again whenever its queue connection is ready anew, and
 * every SCHEDULES_CHECK_MS (10 minutes) in any case; registering is an
 * upsert, which keeps an existing schedule's next run.
 */
export function keepSchedules() {
  let running: Promise<void> | null = null
  const register = (reason: string) => {
    running ??= scheduleRecurringJobs()
      .catch((error) =>
        logger.warn({ err: error }, `schedules: registering (${reason}) failed, tried again later`)
      )
      .finally(() => (running = null))
  }
  const timer = setInterval(
    () => register('periodic'),
    env.get('SCHEDULES_CHECK_MS', 10 * 60 * 1000)
  )
  timer.unref()
  /* the Redis backend's connection (BullMQ's RedisConnection) says `ready` after every reconnect */
  const connection = (getQueue().getBackend() as { connection?: NodeJS.EventEmitter }).connection
  const onReady = () => register('reconnected')
  connection?.on?.('ready', onReady)
  return () => {
    clearInterval(timer)
    connection?.off?.('ready', onReady)
  }
}

const HOUR = 60 * 60 * 1000

/*
 * Each worker's own temporary folder (tmp/imports, tmp/exports): what a killed
 * job left there, older than a day, goes at the worker's start and every
 * hour. The scheduled storage sweep runs on one worker, and another
 * machine's disk is out of its reach.
 */
export function keepWorkDirsSwept() {
  const sweep = () => {
    sweepWorkDirs({ before: new Date(Date.now() - 24 * HOUR) })
      .then(
        (count) =>
          count && logger.info({ workDirs: count }, 'work directories left by killed jobs removed')
      )
      .catch((error) => logger.warn({ err: error }, 'work directories: sweep failed'))
  }
  sweep()
  const timer = setInterval(sweep, HOUR)
  timer.unref()
  return () => clearInterval(timer)
}
