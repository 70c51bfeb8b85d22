import type { ApplicationService } from '@adonisjs/core/types'

export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    /* refuse before listening: the web server and the worker need real services in production */
    if (this.app.inProduction && this.app.getEnvironment() === 'web') {
      const { assertProductionServices } = await import('#start/production')
      assertProductionServices()
    }
    /* in tests a query that takes a second connection inside a transaction fails at once (see the guard) */
    if (this.app.inTest) {
      const { guardTransactions } = await import('#services/transaction_guard')
      const { PROGRESS_CONNECTION } = await import('#config/database')
      guardTransactions({ exempt: [PROGRESS_CONNECTION] })
    }
    /* mail.sendLater goes through the background queue */
    const mail = await this.app.container.make('mail.manager')
    const { dispatch } = await import('#services/queue')
    mail.setMessenger(() => ({
      queue: (message: any) => dispatch('send_mail', message),
    }))
  }

  async shutdown() {
    const { closeQueue } = await import('#services/queue')
    await closeQueue()
    /* the OCR threads, when a scan started them (app/services/media/ocr.ts) */
    const { stopOcr } = await import('#services/media/ocr')
    await stopOcr()
  }
}
