import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicProfile } from '#queries/library/public_profile'
import { presentDecks } from '#queries/library/library_decks'
import PublicProfileTransformer from '#transformers/public_profile_transformer'

export default class PublicProfilesController {
  /** GET users/public_profile/{id}: an unknown (or guest) user is a 404 */
  async show(ctx: HttpContext) {
    const { user, decks } = await findPublicProfile(ctx.params.id)
    return PublicProfileTransformer.profile(i18nFor(ctx), user, await presentDecks(decks))
  }

  /** GET guides/featured */
  async guides(ctx: HttpContext) {
    return { guides: PublicProfileTransformer.guides(i18nFor(ctx)) }
  }
}
