import type { HttpContext } from '@adonisjs/core/http'
import LeaveSharedDeck from '#actions/participants/leave_shared_deck'

/** What a participant does with a shared deck as a whole: leave it. */
export default class SharedDecksController {
  /** DELETE decks/{id}/remove_shared_deck: the participant's place and progress go; the deck stays its owner's. */
  async destroy({ auth, params, response }: HttpContext) {
    await new LeaveSharedDeck().handle(auth.use('api').getUserOrFail(), params.id)
    return response.noContent()
  }
}
