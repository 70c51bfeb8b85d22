import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ExamPlan } from '#types/decks'

/** The plan of the exam ahead on a deck's tree, as the deck page shows it (app/queries/learning/exam_plan.ts). */
export default class ExamPlanTransformer extends BaseTransformer<ExamPlan> {
  toObject() {
    return this.pick(this.resource, [
      'examDate',
      'daysLeft',
      'cardsToLearn',
      'newPerDay',
      'newNeeded',
      'ceiling',
      'fits',
      'reviewsPerDay',
      'predictedRetention',
      'target',
    ])
  }
}
