import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Payments through Stripe:
 * - `subscriptions`: one row per Stripe subscription (monthly, yearly) or per
 *   lifetime purchase (its payment intent), written only by webhook events;
 *   users.is_premium follows them. `last_event_at` is the Stripe `created`
 *   time of the newest event applied: an older event arriving late changes
 *   nothing. Payment failures and payments are kept apart (newest of each),
 *   so their order of arrival does not matter either.
 * - `stripe_events`: every processed event id, written in the transaction of
 *   its effects, so a redelivered event is a no-op.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('subscriptions', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
        .index()
      table.string('provider', 16).notNullable().defaultTo('stripe')
      /* sub_... for monthly/yearly, pi_... for lifetime */
      table.string('stripe_id', 255).notNullable().unique()
      table.string('pricing_tier', 16).nullable()
      table.string('status', 32).notNullable()
      table.integer('price').nullable()
      table.string('currency', 8).nullable()
      table.string('coupon', 255).nullable()
      table.bigInteger('current_period_end').nullable()
      table.boolean('cancel_at_period_end').notNullable().defaultTo(false)
      table.boolean('refunded').notNullable().defaultTo(false)
      table.bigInteger('last_event_at').notNullable().defaultTo(0)
      table.bigInteger('payment_failed_at').nullable()
      table.bigInteger('paid_at').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('stripe_events', (table) => {
      table.string('id', 255).primary()
      table.string('type', 128).notNullable()
      table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('stripe_events')
    this.schema.dropTable('subscriptions')
  }
}
