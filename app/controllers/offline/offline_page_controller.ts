import type { HttpContext } from '@adonisjs/core/http'

/**
 * GET /offline: the offline study page (docs/offline.md). It has no props of its own: what it shows is on the
 * device (IndexedDB), so the service worker keeps this page as the shell it answers a navigation with when the
 * network fails.
 */
export default class OfflinePageController {
  async show({ inertia }: HttpContext) {
    return inertia.render('offline/study', {})
  }
}
