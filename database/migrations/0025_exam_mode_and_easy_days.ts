import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Exam mode and a smooth daily load (issue 18): a root deck's exam date and
 * the learner's ceiling of new cards a day while preparing for it
 * (app/scheduling/exam.ts); the learner's easy days, seven shares of a
 * normal day's reviews, Sunday first (app/scheduling/balance.ts); and the
 * index the answer's per-day due count reads (the learner's reviews due in
 * a window of days).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('decks', (table) => {
      table.date('exam_date').nullable()
      table.integer('exam_new_cards_ceiling').nullable()
    })
    this.schema.alterTable('users', (table) => {
      table.jsonb('easy_days').nullable()
    })
    this.schema.alterTable('card_progress', (table) => {
      table.index(['user_id', 'due_at'], 'card_progress_user_due_index')
    })
  }

  async down() {
    this.schema.alterTable('card_progress', (table) => {
      table.dropIndex(['user_id', 'due_at'], 'card_progress_user_due_index')
    })
    this.schema.alterTable('users', (table) => {
      table.dropColumn('easy_days')
    })
    this.schema.alterTable('decks', (table) => {
      table.dropColumn('exam_new_cards_ceiling')
      table.dropColumn('exam_date')
    })
  }
}
