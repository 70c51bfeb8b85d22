import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Whether an export's link is e-mailed. The apps' exports are (the spec's
 * "whose file link is sent by e-mail"); on the web the file is downloaded
 * from the exports page, and the mail is the learner's choice, so a first
 * export never waits for an address to be confirmed.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('deck_exports', (table) => {
      table.boolean('mail_link').notNullable().defaultTo(true)
    })
  }

  async down() {
    this.schema.alterTable('deck_exports', (table) => {
      table.dropColumn('mail_link')
    })
  }
}
