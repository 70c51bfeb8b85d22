import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

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
    const { startWorker } = await import('#services/queue')
    const worker = startWorker(this.concurrency)
    await worker.waitUntilReady()
    this.logger.info(`worker ready (concurrency ${this.concurrency})`)
    this.app.terminating(async () => {
      await worker.close()
    })
  }
}
