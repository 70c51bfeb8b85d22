import type { HttpContext } from '@adonisjs/core/http'
import { activeDecks } from '#queries/decks/list_decks'
import { studyStatistics } from '#queries/study/statistics'
import DeckChoiceTransformer, { deckChoicesOf } from '#transformers/deck_choice_transformer'
import StatisticsTransformer from '#transformers/statistics_transformer'
import { statisticsValidator } from '#validators/study'

export default class StatisticsPageController {
  /** GET /statistics?deck_id: all decks, or one deck with its subdecks (another learner's deck is a 404). */
  async show({ auth, request, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    /* a stale or hand-edited deck_id that is not a number shows every deck rather than failing */
    const [, input] = await statisticsValidator.tryValidate(request.qs())
    const statistics = await studyStatistics(user, input?.deck_id)
    return inertia.render('study/statistics', {
      statistics: StatisticsTransformer.transform(statistics),
      decks: DeckChoiceTransformer.transform(deckChoicesOf(await activeDecks(user))),
    })
  }
}
