import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The queue's totals (app/queries/learning/queue_totals.ts), read after
 * every answer, count the learner's due cards of the session's decks. On
 * (user_id, deck_id, state) a deck of 3,000 reviews reads all 3,000 rows to
 * find the few due today; with due_at in the index it reads those few.
 * The new index replaces the old one, whose every read it serves: a write
 * of a progress row keeps as many indexes as before. Issue 33.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('card_progress', (table) => {
      table.index(['user_id', 'deck_id', 'state', 'due_at'])
      table.dropIndex(['user_id', 'deck_id', 'state'])
    })
  }

  async down() {
    this.schema.alterTable('card_progress', (table) => {
      table.index(['user_id', 'deck_id', 'state'])
      table.dropIndex(['user_id', 'deck_id', 'state', 'due_at'])
    })
  }
}
