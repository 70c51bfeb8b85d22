import type { HttpContext } from '@adonisjs/core/http'
import { leaveSharedDeck } from '#actions/participants/leave_shared_deck'
import { embeddableDeck, originOf } from '#queries/participants/embedded_deck'
import EmbedTransformer from '#transformers/embed_transformer'
import { serialize } from '#transformers/serialize'

/** What a participant does with a shared deck as a whole (leave it), and the owner's embed snippet. */
export default class SharedDeckParticipationsController {
  /** DELETE decks/{id}/remove_shared_deck: the participant's place and progress go; the deck stays its owner's. */
  async destroy({ auth, params, response }: HttpContext) {
    await leaveSharedDeck(auth.use('api').getUserOrFail(), { id: params.id })
    return response.noContent()
  }

  /** GET decks/{id}/embed: {url, embedSnippet} for the owner while sharing is on. */
  async embed({ auth, params, request }: HttpContext) {
    const deck = await embeddableDeck(auth.use('api').getUserOrFail(), params.id)
    return serialize(EmbedTransformer.transform(deck, originOf(request.completeUrl())))
  }
}
