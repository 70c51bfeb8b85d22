import { BaseSchema } from '@adonisjs/lucid/schema'

/** Stores for sessions and rate limits when Redis is not configured. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sessions', (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })
    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }

  async down() {
    this.schema.dropTable('rate_limits')
    this.schema.dropTable('sessions')
  }
}
