import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The feedback request (spec 000 §3 "Feedback: request state and source",
 * §4 "Feedback request: hidden or visible"): after a learner's third active
 * day the end of a study session asks once how Mnemo works for them. The
 * state lives on the learner's row, so answering or dismissing it on one
 * browser holds on every other: pending (not asked, or asked and not yet
 * answered), answered or dismissed, and when it closed.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('feedback_request_state', 16).notNullable().defaultTo('pending')
      table.timestamp('feedback_request_closed_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('feedback_request_state')
      table.dropColumn('feedback_request_closed_at')
    })
  }
}
