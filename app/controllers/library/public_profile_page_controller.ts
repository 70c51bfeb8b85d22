import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicProfile } from '#queries/library/public_profile'
import { presentDecks } from '#queries/library/library_decks'
import ApiException from '#exceptions/api_exception'
import PublicProfileTransformer from '#transformers/public_profile_transformer'

export default class PublicProfilePageController {
  /** GET /users/:id (an id or a username): an unknown user is the page's "user not found" state, with a 404 */
  async show(ctx: HttpContext) {
    try {
      const { user, decks } = await findPublicProfile(ctx.params.id)
      const profile = { user, decks: await presentDecks(decks) }
      const props = { profile: PublicProfileTransformer.transform(profile, i18nFor(ctx)) }
      return ctx.inertia.render('library/profile', props)
    } catch (error) {
      if (!(error instanceof ApiException) || error.status !== 404) throw error
      ctx.response.status(404)
      return ctx.inertia.render('library/profile', { profile: null })
    }
  }
}
