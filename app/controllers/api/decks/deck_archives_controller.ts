import type { HttpContext } from '@adonisjs/core/http'
import { archiveDeck } from '#actions/decks/archive_deck'
import { showDeck } from '#queries/decks/list_decks'
import DeckTransformer from '#transformers/deck_transformer'
import { serialize } from '#transformers/serialize'

/** Archive and restore: a state toggle on the deck, as its own small resource. */
export default class DeckArchivesController {
  async store({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const shown = await showDeck(user, await archiveDeck(user, { id: params.id, archived: true }))
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }

  async destroy({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const shown = await showDeck(user, await archiveDeck(user, { id: params.id, archived: false }))
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }
}
