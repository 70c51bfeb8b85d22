import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { getPriority, setPriority } from 'node:os'

/*
 * Jobs give way to requests: where the worker shares a machine with a web
 * server (npm start, a small deployment), an import or AI stream at the same
 * priority held another learner's requests for hundreds of milliseconds on
 * two cores (bench/abuse.ts). A nice value changes nothing on a machine of
 * its own; WORKER_NICE=0 keeps the default priority.
 */
function yieldToRequests(nice: number) {
  if (!nice) return
  try {
    /* never above the priority it was started with (a worker started under `nice` keeps that) */
    setPriority(Math.max(getPriority(), Math.min(19, nice)))
  } catch {}
}

export default class QueueWork extends BaseCommand {
  static commandName = 'queue:work'
  static description = 'Run the background job worker until stopped'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.number({ description: 'Jobs processed at once', default: 4 })
  declare concurrency: number

  async run() {
    if (this.app.inProduction) {
      const { assertProductionServices } = await import('#start/production')
      assertProductionServices()
    }
    /*
     * Ace imports start/routes but only the HTTP server commits them: without
     * this, a job building a named or signed URL (an export's download link)
     * fails with "Cannot lookup route".
     */
    const router = await this.app.container.make('router')
    router.commit()
    const { default: env } = await import('#start/env')
    yieldToRequests(env.get('WORKER_NICE') ?? 10)
    /* the release step migrates; a worker started before it finished waits for the schema */
    const { waitForSchema } = await import('#services/schema_ready')
    await waitForSchema()
    /* behind a pooler the server's defaults carry the session timeouts (config/database.ts) */
    const { checkSessionTimeouts } = await import('#services/session_timeouts')
    await checkSessionTimeouts()
    /* files on the local disk: one machine only (app/services/disk_claim.ts) */
    const { claimLocalDisk, SecondDiskError } = await import('#services/disk_claim')
    const stopClaim = await claimLocalDisk().catch((error) => {
      if (!(error instanceof SecondDiskError)) throw error
      this.logger.error(error.message)
      return null
    })
    if (!stopClaim) {
      this.exitCode = 1
      return this.app.terminate()
    }

    const { closeQueue, scheduleRecurringJobs } = await import('#services/queue')
    const { startWorker } = await import('#services/worker')
    const { runJob } = await import('#jobs/registry')
    const { keepSchedules, keepWorkDirsSwept } = await import('#services/schedules')
    const worker = startWorker(runJob, this.concurrency)
    await worker.waitUntilReady()
    await scheduleRecurringJobs()
    /* again after Redis lost them (a reconnect, and every few minutes) */
    const stopSchedules = keepSchedules()
    /* this machine's temporary folder: the storage sweep runs on one worker only */
    const stopWorkDirs = keepWorkDirsSwept()
    this.logger.info(`worker ready (concurrency ${this.concurrency})`)
    /*
     * accepted jobs the queue lost while it was away (a restart, a Redis without its data): handed again now,
     * not at the first sweep
     */
    const { handOffLostJobs } = await import('#services/durable_jobs')
    void handOffLostJobs().catch((error) =>
      this.logger.warning(`the job outbox could not be swept: ${error.message}`)
    )
    this.app.terminating(async () => {
      stopSchedules()
      stopWorkDirs()
      stopClaim()
      await worker.close()
      await closeQueue()
    })
    /*
     * Ctrl-C, or a stop from a process manager, finishes the jobs in hand; started by another process (the
     * tests), never outlive it
     */
    process.once('SIGINT', () => this.app.terminate())
    process.once('SIGTERM', () => this.app.terminate())
    if (process.send) {
      process.once('disconnect', () => this.app.terminate())
      /* the channel alone must not keep a terminated worker alive */
      process.channel?.unref()
    }
  }
}
