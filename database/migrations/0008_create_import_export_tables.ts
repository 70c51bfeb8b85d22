import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Imports and exports: one row per uploaded file and per requested export,
 * so the apps can poll them and a retry or a download link has something to
 * point at.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('deck_imports', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      /* the deck the import fills, shown as notes_importing while the job runs; gone when it fails */
      table.integer('deck_id').nullable().references('id').inTable('decks').onDelete('SET NULL')
      table.integer('folder_id').nullable().references('id').inTable('folders').onDelete('SET NULL')
      table.string('file_name', 255).notNullable()
      /* apkg, colpkg, ofc, csv or text */
      table.string('format', 8).notNullable()
      table.bigInteger('size').notNullable().defaultTo(0)
      /* where the uploaded file waits for the job (a drive key) */
      table.string('storage_key', 255).nullable()
      /* queued, processing, done, failed or cancelled */
      table.string('status', 12).notNullable().defaultTo('queued')
      table.string('error_key', 40).nullable()
      table.text('error_message').nullable()
      /* notes, cards, decks, media, reviews, updated */
      table.jsonb('counts').notNullable().defaultTo('{}')
      table.jsonb('warnings').notNullable().defaultTo('[]')
      /* text imports: the separators and options the learner chose */
      table.jsonb('options').notNullable().defaultTo('{}')
      table.integer('attempt').notNullable().defaultTo(0)
      table.timestamp('finished_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('deck_exports', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('deck_id').nullable().references('id').inTable('decks').onDelete('SET NULL')
      table.string('deck_name', 255).notNullable()
      table.string('email', 254).notNullable()
      /* csv, ofc or apkg */
      table.string('format', 8).notNullable()
      table.boolean('include_progress').notNullable().defaultTo(false)
      /* queued, processing, done or failed */
      table.string('status', 12).notNullable().defaultTo('queued')
      table.string('storage_key', 255).nullable()
      table.bigInteger('size').nullable()
      table.string('error_message', 500).nullable()
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('deck_exports')
    this.schema.dropTable('deck_imports')
  }
}
