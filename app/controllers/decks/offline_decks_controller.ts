import type { HttpContext } from '@adonisjs/core/http'
import { offlineDeck } from '#queries/offline/offline_deck'
import { logOfflineReviews } from '#actions/learning/log_offline_reviews'
import OfflineDeckTransformer from '#transformers/offline_deck_transformer'
import OfflineReviewsTransformer from '#transformers/offline_reviews_transformer'
import { serialize } from '#transformers/serialize'
import { offlineDeckValidator, offlineReviewsValidator } from '#validators/learning'

/*
 * The web's offline doors, with the session (the service worker's page
 * downloads the deck and replays its answers through them): the same query,
 * action and transformers as the apps' GET decks/{id}/offline and POST
 * learning/log_cards_review. Media links stay `/media/<key>`, served by the session.
 */
export default class OfflineDecksController {
  /** GET /decks/:id/offline?page=&per_page=: JSON. */
  async show({ auth, params, request }: HttpContext) {
    const paging = await request.validateUsing(offlineDeckValidator)
    const data = await offlineDeck(auth.use('web').getUserOrFail(), params.id, paging)
    return serialize(OfflineDeckTransformer.transform(data))
  }

  /** POST /learn/offline_reviews {reviews}: the answers given offline (CSRF as every form). */
  async replay({ auth, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const result = await logOfflineReviews(
      user,
      await request.validateUsing(offlineReviewsValidator)
    )
    return serialize(OfflineReviewsTransformer.transform(result))
  }
}
