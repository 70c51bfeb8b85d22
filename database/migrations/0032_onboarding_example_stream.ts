import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The AI onboarding example a learner made (spec: "AI onboarding example
 * creates 20 cards", once): its stream, so a second request (a double
 * click, the back button) opens the same one instead of making another 20
 * cards that count against nothing. 0 while the first request makes it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.integer('onboarding_example_stream_id').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('onboarding_example_stream_id')
    })
  }
}
