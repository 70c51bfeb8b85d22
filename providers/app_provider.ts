import type { ApplicationService } from '@adonisjs/core/types'

export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    /* mail.sendLater goes through the background queue */
    const mail = await this.app.container.make('mail.manager')
    const { dispatch } = await import('#services/queue')
    mail.setMessenger(() => ({
      queue: (message: any) => dispatch('send_mail', message),
    }))
  }

  async ready() {
    if (this.app.inProduction) {
      const { assertProductionServices } = await import('#start/production')
      assertProductionServices()
    }
  }

  async shutdown() {
    const { closeQueue } = await import('#services/queue')
    await closeQueue()
  }
}
