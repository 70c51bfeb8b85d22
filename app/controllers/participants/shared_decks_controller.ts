import type { HttpContext } from '@adonisjs/core/http'
import { leaveSharedDeck } from '#actions/participants/leave_shared_deck'

/**
 * The web door of a participant's "Leave deck" (the deck's menu): the same action as DELETE
 * /api/decks/{id}/remove_shared_deck.
 */
export default class SharedDecksController {
  async destroy({ auth, params, response, session, i18n }: HttpContext) {
    await leaveSharedDeck(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.participant.flash.left'))
    return response.redirect().toRoute('home')
  }
}
