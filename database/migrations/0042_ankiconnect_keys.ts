import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 32 §3, "the AnkiConnect door": each learner's AnkiConnect key, one
 * per learner (renewing replaces it). `key_encrypted` is the key encrypted
 * with the app key, so settings can show it again; `key_hash` its SHA-256
 * (hex), what POST /ankiconnect looks a key up by (docs/decisions/0093).
 */
export default class extends BaseSchema {
  protected tableName = 'ankiconnect_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.text('key_encrypted').notNullable()
      table.string('key_hash', 64).notNullable().unique()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
