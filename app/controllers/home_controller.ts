import type { HttpContext } from '@adonisjs/core/http'

export default class HomeController {
  async index({ inertia, auth }: HttpContext) {
    if (!auth.user) return inertia.render('marketing/landing', {})
    return inertia.render('home', {})
  }
}
