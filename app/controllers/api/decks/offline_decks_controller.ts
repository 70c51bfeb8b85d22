import type { HttpContext } from '@adonisjs/core/http'
import { offlineDeck } from '#queries/offline/offline_deck'
import OfflineDeckTransformer from '#transformers/offline_deck_transformer'
import { serialize } from '#transformers/serialize'
import { offlineDeckValidator } from '#validators/learning'

/** GET decks/{id}/offline: a page of a root deck's tree for offline study (docs/api.md "Offline decks"). */
export default class OfflineDecksController {
  async show({ auth, params, request }: HttpContext) {
    const paging = await request.validateUsing(offlineDeckValidator)
    const data = await offlineDeck(auth.use('api').getUserOrFail(), params.id, paging)
    return serialize(OfflineDeckTransformer.transform(data))
  }
}
