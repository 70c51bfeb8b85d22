import type { HttpContext } from '@adonisjs/core/http'
import { FOLDER_COLORS } from '#models/folder'
import { deckListProps } from '#controllers/decks/deck_page_props'
import StartedJobTransformer, {
  STARTED_JOB,
  startedJobsOf,
} from '#transformers/started_job_transformer'

export default class HomeController {
  /** Signed out: the landing page; signed in: the deck list. */
  async index({ inertia, auth, session }: HttpContext) {
    if (!auth.user) return inertia.render('marketing/landing', {})
    return inertia.render('home', {
      ...deckListProps(auth.user),
      started: StartedJobTransformer.transform(
        startedJobsOf(session.flashMessages.get(STARTED_JOB))
      ),
      folderColors: [...FOLDER_COLORS],
    })
  }
}
