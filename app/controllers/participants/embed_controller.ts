import type { HttpContext } from '@adonisjs/core/http'
import {
  embeddableDeck,
  embeddedCards,
  embeddedDeck,
  originOf,
} from '#queries/participants/embedded_deck'
import EmbedTransformer from '#transformers/embed_transformer'
import EmbedCardTransformer from '#transformers/embed_card_transformer'
import { serialize } from '#transformers/serialize'
import { setDirective } from '#services/content_security'

/** A shared deck framed on other sites: the only page allowed in an <iframe> elsewhere. */
export default class EmbedController {
  /** GET /embed/{sharing_token}: flip through the deck's cards, no sign-in, nothing written. */
  async show({ params, inertia, response }: HttpContext) {
    const token = String(params.token)
    const deck = await embeddedDeck(token)
    const cards = deck ? await embeddedCards(deck) : []
    /* every other page is DENY (config/shield.ts); this one may be framed anywhere */
    response.removeHeader('X-Frame-Options')
    setDirective(response, 'frame-ancestors', '*')
    return inertia.render('participants/embed', {
      unavailable: !deck,
      deck: deck ? EmbedTransformer.transform(deck).useVariant('forPage') : null,
      cards: deck ? EmbedCardTransformer.transform(cards, token, deck) : [],
    })
  }

  /** The snippet the sharing dialog shows (JSON), for the owner while sharing is on. */
  async snippet({ auth, params, request }: HttpContext) {
    const deck = await embeddableDeck(auth.use('web').getUserOrFail(), params.id)
    return serialize(EmbedTransformer.transform(deck, originOf(request.completeUrl())))
  }
}
