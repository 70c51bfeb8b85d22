import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A participant the owner removed may come back only through a link other
 * than the one active when they were removed (a new link after sharing was
 * turned off and on): the row remembers that token.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('deck_collaborators', (table) => {
      table.string('removed_token', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable('deck_collaborators', (table) => {
      table.dropColumn('removed_token')
    })
  }
}
