import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Media helpers (docs/media-helpers.md). `note_speech`: the server-made audio
 * of a note's sides for the apps (the Note entity's textToSpeechMap), one row
 * per side and spoken string, its file a `media` row like any upload.
 * `card_daily_events`: a text-to-speech play or a type-in answer of a card,
 * kept once per learner, card and day (the spec's "counted at most once per
 * card per day" is the unique key).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('note_speech', (table) => {
      table.bigIncrements('id')
      table.integer('note_id').notNullable().references('id').inTable('notes').onDelete('CASCADE')
      table.string('side', 5).notNullable()
      table.integer('string_index').notNullable().defaultTo(0)
      table.text('text').notNullable()
      table.string('language', 16).notNullable()
      table.string('state', 10).notNullable().defaultTo('pending')
      table.integer('media_id').nullable().references('id').inTable('media').onDelete('SET NULL')
      table.string('error_code', 40).nullable()
      table.string('engine', 20).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['note_id', 'side', 'string_index'])
    })
    this.schema.createTable('card_daily_events', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.string('kind', 12).notNullable()
      table.date('day').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['user_id', 'card_id', 'kind', 'day'])
      table.index(['card_id'])
    })
  }

  async down() {
    this.schema.dropTable('card_daily_events')
    this.schema.dropTable('note_speech')
  }
}
