import { BaseTransformer } from '@adonisjs/core/transformers'
import type { StudyStatistics } from '#queries/study/statistics'

/**
 * GET statistics?deck_id and the statistics page: the heatmap, the forecast,
 * true and predicted retention and the answer charts, for one deck with its
 * subdecks (`deck`) or for all (null). Each figure is already a plain read
 * model of one statement; this names what leaves the server.
 */
export default class StatisticsTransformer extends BaseTransformer<StudyStatistics> {
  toObject() {
    const stats = this.resource
    return {
      today: stats.today,
      deck: stats.deck,
      heatmap: stats.heatmap,
      forecast: stats.forecast,
      trueRetention: stats.trueRetention,
      predictedRetention: stats.predictedRetention,
      chartDays: stats.chartDays,
      answerButtons: stats.answerButtons,
      hours: stats.hours,
      intervals: stats.intervals,
      retentionByAge: stats.retentionByAge,
    }
  }
}
