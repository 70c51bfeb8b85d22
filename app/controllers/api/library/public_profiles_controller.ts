import type { HttpContext } from '@adonisjs/core/http'
import { i18nFor } from '#services/request_locale'
import { findPublicProfile } from '#queries/library/public_profile'
import { presentDecks } from '#queries/library/library_decks'
import { FEATURED_GUIDES } from '#services/articles/featured_guides'
import FeaturedGuideTransformer from '#transformers/featured_guide_transformer'
import PublicProfileTransformer from '#transformers/public_profile_transformer'
import { serialize } from '#transformers/serialize'

export default class PublicProfilesController {
  /** GET users/public_profile/{id}: an unknown (or guest) user is a 404 */
  async show(ctx: HttpContext) {
    const { user, decks } = await findPublicProfile(ctx.params.id)
    const profile = { user, decks: await presentDecks(decks) }
    return serialize(PublicProfileTransformer.transform(profile, i18nFor(ctx)))
  }

  /** GET guides/featured */
  async guides(ctx: HttpContext) {
    return serialize({ guides: FeaturedGuideTransformer.transform(FEATURED_GUIDES, i18nFor(ctx)) })
  }
}
