import type { HttpContext } from '@adonisjs/core/http'
import ArchiveDeck from '#actions/decks/archive_deck'

/** Archive and restore: a state toggle on the deck, as its own small resource. */
export default class DeckArchivesController {
  async store({ auth, params, response, session, i18n }: HttpContext) {
    await new ArchiveDeck().handle(auth.use('web').getUserOrFail(), params.id, true)
    session.flash('success', i18n.t('ui.decks.flash.archived'))
    return response.redirect().withQs().back()
  }

  async destroy({ auth, params, response, session, i18n }: HttpContext) {
    await new ArchiveDeck().handle(auth.use('web').getUserOrFail(), params.id, false)
    session.flash('success', i18n.t('ui.decks.flash.restored'))
    return response.redirect().withQs().back()
  }
}
