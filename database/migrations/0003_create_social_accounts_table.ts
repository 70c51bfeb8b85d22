import { BaseSchema } from '@adonisjs/lucid/schema'

/** Google and Apple identities, linked by (provider, subject), never by e-mail alone. */
export default class extends BaseSchema {
  protected tableName = 'social_accounts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enum('provider', ['google', 'apple']).notNullable()
      table.string('subject', 255).notNullable()
      table.string('email', 254).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['provider', 'subject'])
      table.unique(['user_id', 'provider'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
