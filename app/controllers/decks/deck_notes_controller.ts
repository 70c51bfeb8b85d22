import type { HttpContext } from '@adonisjs/core/http'
import { bulkNotes } from '#actions/notes/bulk_notes'
import { findDeck } from '#queries/decks/find_deck'
import { matchingNoteIds } from '#queries/notes/notes_page'
import { STARTED_JOB, startedJob } from '#transformers/started_job_transformer'
import { bulkNotesValidator, listNotesValidator } from '#validators/content'

const DONE: Record<string, string> = {
  freeze: 'ui.decks.flash.bulk_freeze',
  unfreeze: 'ui.decks.flash.bulk_unfreeze',
  suspend: 'ui.decks.flash.bulk_suspend',
  unsuspend: 'ui.decks.flash.bulk_unsuspend',
  destroy: 'ui.decks.flash.bulk_destroy',
  duplicate: 'ui.decks.flash.bulk_duplicate',
  reset_progress: 'ui.decks.flash.bulk_reset_progress',
}

/** Bulk actions on the cards list of the deck page: the same bulkNotes as notes/bulk_action. */
export default class DeckNotesController {
  async bulk({ auth, params, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const data = { ...request.body(), deck_id: params.id }
    const input = await request.validateUsing(bulkNotesValidator, { data })
    const action = input.bulk_action
    const deck = await findDeck(user, params.id)
    const matching = input.select_all
      ? await matchingNoteIds(user, deck, await listNotesValidator.validate(data))
      : null
    /* "all" on the page means the notes its filters show */
    const selection = matching ? { ids: matching, select_all: false } : {}
    const result = await bulkNotes(user, { ...input, deck_id: deck.id, ...selection })
    if (result.processing) {
      const state = action === 'move' ? 'notes_moving' : 'bulk_reversing'
      session.flash(
        STARTED_JOB,
        startedJob(await findDeck(user, deck.id), state, action === 'reverse')
      )
    } else {
      session.flash('success', i18n.t(DONE[action!], { count: result.count }))
    }
    return response.redirect().withQs().back()
  }
}
