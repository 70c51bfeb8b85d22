import type { HttpContext } from '@adonisjs/core/http'
import { cloneLibraryDeck } from '#actions/publishing/clone_library_deck'
import { examDateForSuggestion } from '#actions/onboarding/save_onboarding'
import { pullLibraryUpdate } from '#actions/publishing/pull_library_update'
import { reportPublicDeck } from '#actions/publishing/moderate_reports'
import { showDeck } from '#queries/decks/list_decks'
import DeckTransformer from '#transformers/deck_transformer'
import ReportFiledTransformer from '#transformers/report_filed_transformer'
import { serialize } from '#transformers/serialize'
import { cloneDeckValidator, reportPublicDeckValidator } from '#validators/publishing'

/** The learner's side of the library's decks: clone one, pull its newer approved revision, report it. */
export default class LibraryClonesController {
  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(cloneDeckValidator)
    const examDate = await examDateForSuggestion(user, input.deck_id)
    const { deck, created } = await cloneLibraryDeck(user, { ...input, exam_date: examDate })
    const shown = await showDeck(user, deck)
    return response
      .status(created ? 201 : 200)
      .json(await serialize(DeckTransformer.transform(shown.deck, shown)))
  }

  async pull({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const shown = await showDeck(user, await pullLibraryUpdate(user, { id: params.id }))
    return serialize(DeckTransformer.transform(shown.deck, shown))
  }

  async report({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(reportPublicDeckValidator)
    const report = await reportPublicDeck(auth.use('api').getUserOrFail(), {
      ...input,
      id: params.id,
    })
    return response.created(await serialize(ReportFiledTransformer.transform(report)))
  }
}
