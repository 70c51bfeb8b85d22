import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Suspending a card ("remove" on the learning screen) takes it out of one
 * learner's study and keeps everything else: the note, its other cards, the
 * progress and the history. It is a row of its own, not a progress column,
 * so resetting or rewriting the progress never brings a removed card back.
 *
 * An answer sent without `version` is matched to the learner's last answer
 * on the card by the review duration the client sent (unclamped: the stored
 * duration_ms is capped at 60 s for the statistics); see answer_card.ts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('card_suspensions', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'card_id'])
      table.index(['card_id'])
    })

    this.schema.alterTable('review_logs', (table) => {
      /* review_duration_ms exactly as the client sent it (null: not sent) */
      table.integer('sent_duration_ms').nullable()
    })
  }

  async down() {
    this.schema.alterTable('review_logs', (table) => {
      table.dropColumn('sent_duration_ms')
    })
    this.schema.dropTable('card_suspensions')
  }
}
