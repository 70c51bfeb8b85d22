import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 32, Anki parity. Two marks a learner puts on a card, each a row of its
 * own beside card_suspensions (0010), so a new card needs no progress row to
 * carry them and rewriting the progress never drops them:
 *
 * - card_flags: Anki's flags 1-7 (red, orange, green, blue, pink, turquoise,
 *   purple), one per learner and card; no row is flag 0. `flag:N` searches them.
 * - card_burials: a card kept out of study until `until` (the start of the
 *   learner's next study day, at their rollover hour). `manual` tells a card the
 *   learner buried (Anki's queue -3) from one buried because a sibling was
 *   studied (queue -2). `is:buried` finds rows whose `until` is still ahead;
 *   older rows mean nothing and may be deleted by whoever reads them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('card_flags', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.smallint('flag').notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'card_id'])
      table.index(['card_id'])
    })
    this.schema.raw(
      'ALTER TABLE card_flags ADD CONSTRAINT card_flags_flag_range CHECK (flag BETWEEN 1 AND 7)'
    )

    this.schema.createTable('card_burials', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.timestamp('until', { useTz: true }).notNullable()
      table.boolean('manual').notNullable().defaultTo(false)
      table.primary(['user_id', 'card_id'])
      table.index(['card_id'])
    })
  }

  async down() {
    this.schema.dropTable('card_burials')
    this.schema.dropTable('card_flags')
  }
}
