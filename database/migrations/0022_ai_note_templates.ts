import { BaseSchema } from '@adonisjs/lucid/schema'
import { insertBuiltinAiTemplates } from '#database/builtin_ai_templates'

/*
 * AI note templates (spec 000 "AI note template": id, name, prompt, default):
 * a user's own rewriting instructions, plus the built-ins (user_id null,
 * builtin_key set), whose name and prompt are shown in the reader's language.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('ai_note_templates', (table) => {
      table.increments('id')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('builtin_key', 32).nullable().unique()
      table.string('name', 100).notNullable()
      table.text('prompt').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'id'])
      table.check(
        '(user_id IS NULL) = (builtin_key IS NOT NULL)',
        [],
        'ai_note_templates_owner_or_builtin'
      )
    })
    this.defer((db) => insertBuiltinAiTemplates(db))
  }

  async down() {
    this.schema.dropTable('ai_note_templates')
  }
}
