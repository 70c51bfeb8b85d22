import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * AI card generation (docs/ai-generation.md).
 * - ai_documents: the text of a PDF uploaded for generation (pages chosen by
 *   the learner), kept until a stream uses it; the file itself is not stored.
 * - ai_streams: one generation run (POST notes/ai_stream_create or
 *   ai_bulk_create), worked by the `ai_stream` job: its request, status,
 *   the notes made so far, and the free-tier counter it used (given back
 *   when the run made nothing).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('ai_documents', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('file_name', 255).notNullable()
      table.integer('page_count').notNullable()
      table.specificType('pages', 'integer[]').notNullable()
      table.text('text').notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'created_at'])
    })
    this.schema.createTable('ai_streams', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.string('status', 12).notNullable().defaultTo('queued')
      table.string('kind', 12).notNullable()
      table.jsonb('request').notNullable()
      table.string('free_counter', 20).nullable()
      table.string('provider', 12).nullable()
      table.specificType('note_ids', 'integer[]').notNullable().defaultTo('{}')
      table.integer('max_cards').notNullable()
      table.string('error_code', 60).nullable()
      table.timestamp('finished_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['deck_id', 'status'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('ai_streams')
    this.schema.dropTable('ai_documents')
  }
}
