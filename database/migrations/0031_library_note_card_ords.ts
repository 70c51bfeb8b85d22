import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The ordinals of the cards a library note had when its revision was made.
 * A clone, and an update pulled into one, makes exactly these cards, so it
 * holds what the library listed. Worked out again from the fields, a clone
 * lost the cards the author's note had and its text no longer produced (a
 * cloze number an edit removed, a reverse card kept from before). Null on
 * revisions made before: their cards are worked out from the fields, as
 * they were.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('library_notes', (table) => {
      table.jsonb('card_ords').nullable()
    })
  }

  async down() {
    this.schema.alterTable('library_notes', (table) => {
      table.dropColumn('card_ords')
    })
  }
}
