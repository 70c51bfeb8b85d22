import type { HttpContext } from '@adonisjs/core/http'
import { createUser } from '#actions/auth/create_user'

/** "Continue without an account": a guest account that can be upgraded later. */
export default class GuestController {
  async store({ auth, response, i18n }: HttpContext) {
    if (!auth.use('web').user) {
      const user = await createUser({ provider: 'guest', locale: i18n.locale })
      await auth.use('web').login(user)
    }
    return response.redirect().toRoute('home')
  }
}
