import { BaseSchema } from '@adonisjs/lucid/schema'
import { sqlFile } from '#database/sql_file'

/*
 * A deck's number of cards, kept by triggers on cards
 * (database/sql/mnemo_deck_cards_count_v1.sql): the queue's totals, read
 * after every answer, counted a 3,000-card deck's cards on the index of
 * cards.deck_id each time (about 0.3 ms of the answer's PostgreSQL time);
 * now they read one number per deck. Issue 33: costs that stay flat as decks
 * grow.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('decks', (table) => {
      table.integer('cards_count').notNullable().defaultTo(0)
    })
    this.schema.raw(sqlFile('mnemo_deck_cards_count_v1.sql'))
  }

  async down() {
    for (const name of ['cards_counted_in', 'cards_counted_out', 'cards_counted_moved'])
      this.schema.raw(`drop trigger if exists ${name} on cards`)
    for (const name of [
      'mnemo_cards_counted_in',
      'mnemo_cards_counted_out',
      'mnemo_cards_counted_moved',
    ])
      this.schema.raw(`drop function if exists ${name}()`)
    this.schema.alterTable('decks', (table) => {
      table.dropColumn('cards_count')
    })
  }
}
