import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Studying: one row per answer (the review history, what undo restores and
 * what FSRS fits on), one row per learner and study day (streaks, heatmap,
 * daily limits), and the learner's own FSRS parameters once fitted.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('review_logs', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      /* again, hard, good, easy, study_again or got_it */
      table.string('answer', 12).notNullable()
      /* 1–4 as FSRS and Anki count them (study_again 1, got_it 3) */
      table.smallint('rating').notNullable()
      /* learn, review, relearn or speed (Anki's revlog type, plus the two-button mode) */
      table.string('kind', 8).notNullable()
      table.string('state_before', 16).notNullable()
      /* the card's progress version the answer was given on: one answer per version */
      table.integer('version_before').nullable()
      table.double('interval_before').notNullable().defaultTo(0)
      table.double('interval_after').notNullable().defaultTo(0)
      table.integer('ease_after').notNullable().defaultTo(0)
      table.double('stability_after').nullable()
      table.double('difficulty_after').nullable()
      table.timestamp('due_at_after', { useTz: true }).nullable()
      table.timestamp('reviewed_at', { useTz: true }).notNullable()
      /* the learner's study day (their time zone, day starting at the rollover hour) */
      table.date('study_day').notNullable()
      table.integer('duration_ms').notNullable().defaultTo(0)
      /* what undo puts back: the progress row before the answer (null: there was none) */
      table.jsonb('previous').nullable()
      /* session (an answer in a study session), offline (log_cards_review) or import */
      table.string('source', 8).notNullable().defaultTo('session')
      table.index(['user_id', 'reviewed_at'])
      table.index(['user_id', 'study_day'])
      table.index(['card_id', 'reviewed_at'])
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX review_logs_one_answer_per_version ON review_logs (user_id, card_id, version_before) ' +
        'WHERE version_before IS NOT NULL'
    )
    /* an offline review replayed twice is the same review */
    this.schema.raw(
      'CREATE UNIQUE INDEX review_logs_offline_once ON review_logs (user_id, card_id, reviewed_at) WHERE source ' +
        "= 'offline'"
    )

    this.schema.createTable('study_days', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.date('day').notNullable()
      table.integer('cards_studied').notNullable().defaultTo(0)
      table.primary(['user_id', 'day'])
    })

    this.schema.alterTable('users', (table) => {
      /* the learner's own FSRS-6 weights once a fit beat the defaults; null: the defaults */
      table.jsonb('fsrs_parameters').nullable()
      /* the last fit: when, on how many reviews, and both log losses on held-out reviews */
      table.jsonb('fsrs_fit').nullable()
      table.boolean('learning_tutorial_seen').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('fsrs_parameters')
      table.dropColumn('fsrs_fit')
      table.dropColumn('learning_tutorial_seen')
    })
    this.schema.dropTable('study_days')
    this.schema.dropTable('review_logs')
  }
}
