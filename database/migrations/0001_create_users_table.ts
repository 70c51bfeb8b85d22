import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.uuid('analytics_id').notNullable().unique()
      /* lower-cased on write; null for guests */
      table.string('email', 254).nullable().unique()
      table.string('password').nullable()
      table.enum('provider', ['apple', 'google', 'email', 'guest']).notNullable()
      table.boolean('is_premium').notNullable().defaultTo(false)
      table.string('name', 100).nullable()
      table.string('username', 30).nullable()
      table.text('about').nullable()
      table.jsonb('onboarding_data').notNullable().defaultTo('{}')
      table.boolean('onboarding_complete').notNullable().defaultTo(false)
      table.enum('avatar_color', ['blue', 'violet', 'orange', 'red', 'green']).notNullable()
      table.string('avatar_path').nullable()
      table.string('country_code', 2).nullable()
      table.jsonb('experiments').notNullable().defaultTo('{}')
      table.string('locale', 5).nullable()
      table.string('theme', 10).notNullable().defaultTo('system')
      table.integer('timezone_offset').notNullable().defaultTo(0)
      table.string('payment_customer_id').nullable()
      table.integer('free_ai_prompt').notNullable().defaultTo(5)
      table.integer('free_ai_pdf').notNullable().defaultTo(20)
      table.integer('free_ai_card_builder').notNullable().defaultTo(5)
      table.integer('streak_current').notNullable().defaultTo(0)
      table.integer('streak_longest').notNullable().defaultTo(0)
      table.integer('streak_total_active_days').notNullable().defaultTo(0)
      table.date('streak_shown_on').nullable()
      table.date('streak_completed_on').nullable()
      table.integer('streak_freezes').notNullable().defaultTo(0)
      table.integer('stats_cards_studied').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    /* usernames are unique regardless of case */
    this.schema.raw(
      'CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username)) WHERE username IS NOT NULL'
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
