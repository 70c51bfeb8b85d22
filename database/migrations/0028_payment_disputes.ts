import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * A purchase under a chargeback grants no premium while the dispute is open
 * or once it is lost; a won dispute gives it back. The status is kept on the
 * purchase's row with the time of the dispute event that set it, so the
 * events of one dispute apply in Stripe's order whatever order they arrive in.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('subscriptions', (table) => {
      table.string('dispute_status', 10).nullable()
      table.bigInteger('dispute_event_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('subscriptions', (table) => {
      table.dropColumn('dispute_status')
      table.dropColumn('dispute_event_at')
    })
  }
}
