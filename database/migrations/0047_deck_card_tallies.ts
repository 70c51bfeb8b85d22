import { BaseSchema } from '@adonisjs/lucid/schema'
import { sqlFile } from '#database/sql_file'

/*
 * Issue 33: the queue's totals, read after every answer, counted the deck's
 * cards on the index of cards.deck_id, the one cost of an answer that grew
 * with the deck (0.35 ms at 3,000 cards). Each deck's number of cards is
 * now kept in deck_card_tallies by triggers on cards
 * (database/sql/mnemo_deck_card_tallies_v1.sql): a few rows a deck, summed.
 * The existing cards are counted once, here.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('deck_card_tallies', (table) => {
      table.integer('deck_id').notNullable().references('decks.id').onDelete('CASCADE').index()
      table.integer('cards').notNullable()
    })
    this.schema.raw(sqlFile('mnemo_deck_card_tallies_v1.sql'))
    this.schema.raw(`
      create trigger cards_tally_added after insert on cards
        referencing new table as added for each statement execute function mnemo_tally_cards_added();
      create trigger cards_tally_removed after delete on cards
        referencing old table as removed for each statement execute function mnemo_tally_cards_removed();
      create trigger cards_tally_moved after update on cards
        referencing old table as removed new table as added for each statement
        execute function mnemo_tally_cards_moved();
      insert into deck_card_tallies (deck_id, cards) select deck_id, count(*) from cards group by deck_id;
    `)
  }

  async down() {
    this.schema.raw(`
      drop trigger cards_tally_added on cards;
      drop trigger cards_tally_removed on cards;
      drop trigger cards_tally_moved on cards;
      drop function mnemo_tally_cards_added();
      drop function mnemo_tally_cards_removed();
      drop function mnemo_tally_cards_moved();
      drop function mnemo_compact_deck_card_tallies();
    `)
    this.schema.dropTable('deck_card_tallies')
  }
}
