import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Every answer writes a review row into each index of review_logs. The
 * index on (user_id, reviewed_at) served no query: every read of a
 * learner's reviews filters on study_day (statistics, the day's use, the
 * limits: the index on (user_id, study_day)) or on a card (history, undo,
 * the answer's rules: (card_id, reviewed_at) and the unique
 * (user_id, card_id, version_before)). Over the whole functional suite and
 * the answer benchmark, PostgreSQL's own count (pg_stat_user_indexes) saw
 * it chosen only where (user_id, study_day) serves as well: a learner's
 * whole history (the FSRS fit, leaving a shared deck). Issue 33.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('review_logs', (table) => {
      table.dropIndex(['user_id', 'reviewed_at'])
    })
  }

  async down() {
    this.schema.alterTable('review_logs', (table) => {
      table.index(['user_id', 'reviewed_at'])
    })
  }
}
