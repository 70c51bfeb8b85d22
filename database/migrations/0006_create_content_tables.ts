import { BaseSchema } from '@adonisjs/lucid/schema'
import { insertBuiltinNoteTypes } from '#database/builtin_note_types'

/**
 * The content model: folders hold root decks, decks nest to any depth, notes
 * (with a stable guid) generate cards, and learning progress is kept per
 * (user, card) so that a shared deck gives each learner their own.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('folders', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.string('color', 16).notNullable()
      table.string('emoji_utf16', 32).nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'position'])
    })

    /* built-in types are rows without an owner; their templates live in app/note_types/builtin.ts */
    this.schema.createTable('note_types', (table) => {
      table.increments('id')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('kind', 20).notNullable()
      table.string('name', 255).notNullable()
      table.jsonb('fields').notNullable().defaultTo('[]')
      table.jsonb('templates').notNullable().defaultTo('[]')
      table.text('css').notNullable().defaultTo('')
      table.bigInteger('anki_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })

    this.schema.createTable('decks', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('parent_id').nullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('root_deck_id').nullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('folder_id').nullable().references('id').inTable('folders').onDelete('SET NULL')
      table.string('name', 255).notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.string('state', 32).notNullable().defaultTo('active')
      table.jsonb('processing').nullable()
      table.string('source', 40).notNullable().defaultTo('manually')
      table.integer('cloned_from_id').nullable()
      table.string('algorithm_preset', 20).notNullable().defaultTo('general')
      table.string('algorithm_type', 20).notNullable().defaultTo('spacedRepetition')
      table.jsonb('algorithm_settings').notNullable().defaultTo('{}')
      table.integer('new_cards_per_day').nullable()
      table.integer('max_cards_per_day').nullable()
      table.boolean('shuffle_cards_enabled').notNullable().defaultTo(false)
      table.jsonb('font_settings').notNullable().defaultTo('{}')
      table.integer('card_preset_id').nullable()
      table.boolean('offline_mode_enabled').notNullable().defaultTo(false)
      table.boolean('tts_enabled').notNullable().defaultTo(false)
      table.boolean('tts_whole_card_pronunciation').notNullable().defaultTo(false)
      table.boolean('tts_autoplay_enabled').notNullable().defaultTo(false)
      table.string('tts_front_side_language', 16).nullable()
      table.string('tts_back_side_language', 16).nullable()
      table.string('notes_sort_by', 20).notNullable().defaultTo('created_at')
      table.string('notes_order', 4).notNullable().defaultTo('DESC')
      table.boolean('sharing_enabled').notNullable().defaultTo(false)
      table.string('sharing_token', 64).nullable().unique()
      table.boolean('has_changes').notNullable().defaultTo(false)
      table.timestamp('archived_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'parent_id'])
      table.index(['root_deck_id'])
      table.index(['folder_id'])
    })

    this.schema.createTable('notes', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table
        .integer('note_type_id')
        .notNullable()
        .references('id')
        .inTable('note_types')
        .onDelete('RESTRICT')
      table.string('guid', 64).notNullable()
      table.jsonb('fields').notNullable()
      table.jsonb('field_attachments_map').notNullable().defaultTo('{}')
      table.jsonb('tags').notNullable().defaultTo('[]')
      table.boolean('is_reversed').notNullable().defaultTo(false)
      table.text('sort_text').notNullable().defaultTo('')
      table.text('search_text').notNullable().defaultTo('')
      table.boolean('has_image').notNullable().defaultTo(false)
      table.boolean('has_audio').notNullable().defaultTo(false)
      table.integer('library_note_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      /* re-imports and sharing find a note again by its guid, per owner */
      table.unique(['user_id', 'guid'])
      table.index(['deck_id', 'created_at'])
    })

    this.schema.createTable('cards', (table) => {
      table.increments('id')
      table.integer('note_id').notNullable().references('id').inTable('notes').onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('ord').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['note_id', 'ord'])
      table.index(['deck_id'])
    })

    /* no row means "new and never touched"; a row is written on the first answer, freeze or import */
    this.schema.createTable('card_progress', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('card_id').notNullable().references('id').inTable('cards').onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.string('state', 16).notNullable().defaultTo('new')
      table.timestamp('due_at', { useTz: true }).nullable()
      table.double('interval_days').notNullable().defaultTo(0)
      table.integer('ease_permille').notNullable().defaultTo(0)
      table.integer('step').notNullable().defaultTo(0)
      table.integer('reps').notNullable().defaultTo(0)
      table.integer('lapses').notNullable().defaultTo(0)
      table.double('stability').nullable()
      table.double('difficulty').nullable()
      table.timestamp('last_reviewed_at', { useTz: true }).nullable()
      table.boolean('frozen').notNullable().defaultTo(false)
      table.integer('version').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'card_id'])
      table.index(['user_id', 'deck_id', 'state'])
      table.index(['card_id'])
    })

    this.schema.createTable('media', (table) => {
      table.increments('id')
      table.string('key', 80).notNullable().unique()
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('deck_id').nullable().references('id').inTable('decks').onDelete('SET NULL')
      table.string('kind', 8).notNullable()
      table.string('mime', 80).notNullable()
      table.string('original_name', 255).notNullable()
      table.integer('size').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })

    this.schema.createTable('deck_reports', (table) => {
      table.increments('id')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('text').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
    })

    this.defer((db) => insertBuiltinNoteTypes(db))
  }

  async down() {
    for (const name of [
      'deck_reports',
      'media',
      'card_progress',
      'cards',
      'notes',
      'decks',
      'note_types',
      'folders',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
