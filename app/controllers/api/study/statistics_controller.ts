import type { HttpContext } from '@adonisjs/core/http'
import { studyStatistics } from '#queries/study/statistics'
import { wrappedYear } from '#queries/study/wrapped'
import StatisticsTransformer from '#transformers/statistics_transformer'
import WrappedTransformer from '#transformers/wrapped_transformer'
import { serialize } from '#transformers/serialize'
import { statisticsValidator, wrappedValidator } from '#validators/study'

export default class StatisticsController {
  /** GET statistics?deck_id: heatmap, forecast, true and predicted retention (one deck with its subdecks, or all). */
  async show({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { deck_id: deckId } = await request.validateUsing(statisticsValidator)
    return serialize(StatisticsTransformer.transform(await studyStatistics(user, deckId)))
  }

  /** GET users/wrapped?year: the year in review, the learner's current year by default. */
  async wrapped({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { year } = await request.validateUsing(wrappedValidator)
    const wrapped = await wrappedYear(user, year ?? Number(user.today().slice(0, 4)))
    return serialize(WrappedTransformer.transform(wrapped))
  }
}
