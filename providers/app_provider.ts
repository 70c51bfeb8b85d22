import type { ApplicationService } from '@adonisjs/core/types'

export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    /* refuse before listening: the web server and the worker need real services in production */
    if (this.app.inProduction && this.app.getEnvironment() === 'web') {
      const { assertProductionServices } = await import('#start/production')
      assertProductionServices()
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
  }
}
