import type { HttpContext } from '@adonisjs/core/http'
import { FOLDER_COLORS } from '#models/folder'
import { deckListProps, startedJobs } from '#controllers/decks/deck_props'

export default class HomeController {
  /** Signed out: the landing page; signed in: the deck list. */
  async index({ inertia, auth, session }: HttpContext) {
    if (!auth.user) return inertia.render('marketing/landing', {})
    return inertia.render('home', { ...deckListProps(auth.user), started: startedJobs(session), folderColors: [...FOLDER_COLORS] })
  }
}
