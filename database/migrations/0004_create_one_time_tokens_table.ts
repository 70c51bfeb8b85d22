import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Single-use secrets sent by e-mail: password reset links and web-to-app
 * sign-in links. Only a SHA-256 of the secret is stored.
 */
export default class extends BaseSchema {
  protected tableName = 'one_time_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enum('purpose', ['password_reset', 'login_link']).notNullable()
      table.string('hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'purpose'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
