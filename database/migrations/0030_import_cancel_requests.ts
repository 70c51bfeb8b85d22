import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Cancelling a running import is a request the import's job honours between
 * batches (app/actions/imports/cancel_import.ts): the cancel writes this
 * column in one statement that waits for none of the job's locks, and the
 * job rolls its transaction back and ends the import `cancelled`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('deck_imports', (table) => {
      table.timestamp('cancel_requested_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('deck_imports', (table) => {
      table.dropColumn('cancel_requested_at')
    })
  }
}
