import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 34, offline study. An answer given offline carries the id its device
 * made for it (a UUID, `client_review_id` of POST learning/log_cards_review):
 * one review per learner and id, whatever the number of uploads of it (a lost
 * response, a reload, two tabs, two requests at once). The older rule (one
 * offline review per card and instant, review_logs_offline_once) stays for
 * clients that send no id (decision 0095).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('review_logs', (table) => {
      table.uuid('client_review_id').nullable()
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX review_logs_client_review_once ON review_logs (user_id, client_review_id) ' +
        'WHERE client_review_id IS NOT NULL'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS review_logs_client_review_once')
    this.schema.alterTable('review_logs', (table) => {
      table.dropColumn('client_review_id')
    })
  }
}
