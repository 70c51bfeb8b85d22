import { BaseSchema } from '@adonisjs/lucid/schema'
import { insertBuiltinCardPresets } from '#database/builtin_card_presets'

/*
 * Card presets (the spec's Card preset entity): the built-in ones (user_id
 * NULL, a stable `key`) and each learner's own. A deck names one through
 * its existing `card_preset_id` (a preset deleted leaves its decks on the
 * default look). `custom_css` is what the author wrote; `scoped_css` is what
 * cards get: the same rules confined to the card's frame
 * (app/services/card_presets/scope_css.ts), computed once on save.
 * Onboarding: the library decks a new learner marked as interesting.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('card_presets', (table) => {
      table.increments('id')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('key', 40).nullable().unique()
      table.string('name', 60).notNullable()
      table.string('font_family', 30).notNullable().defaultTo('default')
      table.jsonb('font_settings').notNullable().defaultTo('{}')
      table.smallint('corner_radius').notNullable().defaultTo(12)
      table.smallint('border_thickness').notNullable().defaultTo(0)
      table.smallint('separator_thickness').notNullable().defaultTo(1)
      table.jsonb('colors').notNullable().defaultTo('{}')
      table.jsonb('dark_colors').notNullable().defaultTo('{}')
      table.text('custom_css').notNullable().defaultTo('')
      table.text('scoped_css').notNullable().defaultTo('')
      table.smallint('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'id'])
    })
    this.defer(async (db) => {
      await insertBuiltinCardPresets(db)
      /* the column existed unused; nothing pointed anywhere, but stay safe for hand-edited rows */
      await db.rawQuery(
        'UPDATE decks SET card_preset_id = NULL WHERE card_preset_id IS NOT NULL AND card_preset_id NOT IN ' +
          '(SELECT id FROM card_presets)'
      )
    })
    this.schema.alterTable('decks', (table) => {
      table.foreign('card_preset_id').references('id').inTable('card_presets').onDelete('SET NULL')
    })
    this.schema.createTable('onboarding_interests', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table
        .integer('public_deck_id')
        .notNullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['user_id', 'public_deck_id'])
    })
  }

  async down() {
    this.schema.dropTable('onboarding_interests')
    this.schema.alterTable('decks', (table) => table.dropForeign('card_preset_id'))
    this.schema.dropTable('card_presets')
  }
}
