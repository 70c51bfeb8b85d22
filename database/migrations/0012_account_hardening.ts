import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 11, accounts:
 * - `users.session_epoch`: a web session is valid only while it carries the
 *   account's current epoch (app/services/session_users.ts); a password change
 *   or reset moves it on, which ends every other session, whatever the store.
 * - `users.email_verified_at`: when the owner last proved the account's
 *   address (a reset or sign-in link used, a provider that says it is
 *   verified, an export confirmation); null again when the address changes.
 * - `export_addresses`: the other addresses a learner had exports mailed to,
 *   confirmed once by a link mailed there (only the link's SHA-256 is kept).
 * - `deck_exports.status` gains `awaiting_confirmation`, longer than 12.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.integer('session_epoch').notNullable().defaultTo(0)
      table.timestamp('email_verified_at', { useTz: true }).nullable()
    })

    this.schema.createTable('export_addresses', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      /* lower-cased, as account addresses are */
      table.string('email', 254).notNullable()
      table.timestamp('confirmed_at', { useTz: true }).nullable()
      table.string('token_hash', 64).nullable().unique()
      table.timestamp('token_expires_at', { useTz: true }).nullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['user_id', 'email'])
    })

    this.schema.alterTable('deck_exports', (table) => {
      table.string('status', 24).notNullable().defaultTo('queued').alter()
    })
  }

  async down() {
    this.schema.alterTable('deck_exports', (table) => {
      table.string('status', 12).notNullable().defaultTo('queued').alter()
    })
    this.schema.dropTable('export_addresses')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('email_verified_at')
      table.dropColumn('session_epoch')
    })
  }
}
