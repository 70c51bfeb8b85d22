import type { HttpContext } from '@adonisjs/core/http'
import { archiveDeck } from '#actions/decks/archive_deck'

/** Archive and restore: a state toggle on the deck, as its own small resource. */
export default class DeckArchivesController {
  async store({ auth, params, response, session, i18n }: HttpContext) {
    await archiveDeck(auth.use('web').getUserOrFail(), { id: params.id, archived: true })
    session.flash('success', i18n.t('ui.decks.flash.archived'))
    return response.redirect().withQs().back()
  }

  async destroy({ auth, params, response, session, i18n }: HttpContext) {
    await archiveDeck(auth.use('web').getUserOrFail(), { id: params.id, archived: false })
    session.flash('success', i18n.t('ui.decks.flash.restored'))
    return response.redirect().withQs().back()
  }
}
