import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Sharing, publishing and the community library.
 *
 * - A collaborator row gives one learner a role (editor or viewer) on
 *   someone else's root deck; the owner has no row (decks.user_id is the
 *   owner). Each participant keeps their own progress (card_progress is per
 *   user already), their own place in their deck list and their own daily
 *   card counts.
 * - Publishing snapshots a root deck into a revision; the library shows the
 *   notes of a public deck's current approved revision (library_notes), so
 *   an author's later edits reach the library only through review.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')

    /* the access scope matches a shared tree by root_deck_id: every deck has one (a root deck names itself) */
    this.defer(async (db) => {
      await db.rawQuery('UPDATE decks SET root_deck_id = id WHERE root_deck_id IS NULL')
    })

    this.schema.alterTable('users', (table) => {
      /* moderators of the library; set by hand or by `node ace` for now */
      table.boolean('is_admin').notNullable().defaultTo(false)
      table.jsonb('social_links').notNullable().defaultTo('{}')
    })

    this.schema.createTable('deck_collaborators', (table) => {
      table.increments('id')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('role', 8).notNullable().defaultTo('viewer')
      /* active; deleted (removed by the owner); disabled (sharing stopped) */
      table.string('state', 10).notNullable().defaultTo('active')
      /* where the participant keeps the shared deck in their own list */
      table.integer('folder_id').nullable().references('id').inTable('folders').onDelete('SET NULL')
      table.integer('position').notNullable().defaultTo(0)
      table.integer('new_cards_per_day').nullable()
      table.integer('max_cards_per_day').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['deck_id', 'user_id'])
      table.index(['user_id', 'state'])
    })

    this.schema.createTable('library_categories', (table) => {
      table.increments('id')
      table
        .integer('parent_id')
        .nullable()
        .references('id')
        .inTable('library_categories')
        .onDelete('CASCADE')
      table.string('key', 60).notNullable()
      table.string('icon', 40).notNullable().defaultTo('book')
      table.string('gradient_from', 9).notNullable()
      table.string('gradient_to', 9).notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.unique(['parent_id', 'key'])
    })

    this.schema.createTable('public_decks', (table) => {
      table.increments('id')
      /* the author's root deck; the library copy outlives nothing: deleting the deck withdraws it */
      table
        .integer('deck_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('decks')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table
        .integer('category_id')
        .nullable()
        .references('id')
        .inTable('library_categories')
        .onDelete('SET NULL')
      table.string('slug', 120).notNullable().unique()
      table.string('name', 255).notNullable()
      table.text('description').notNullable()
      /* pending until a first revision is approved; approved while it is in the library */
      table.string('status', 10).notNullable().defaultTo('pending')
      /* the approved revision the library shows */
      table.integer('current_revision_id').nullable()
      table.timestamp('unpublished_at', { useTz: true }).nullable()
      table.boolean('is_indexable').notNullable().defaultTo(true)
      table.integer('notes_count').notNullable().defaultTo(0)
      table.integer('cards_count').notNullable().defaultTo(0)
      table.integer('downloads_count').notNullable().defaultTo(0)
      table.integer('studiers_count').notNullable().defaultTo(0)
      table.integer('ratings_count').notNullable().defaultTo(0)
      table.integer('ratings_sum').notNullable().defaultTo(0)
      table.timestamp('approved_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id'])
      table.index(['category_id', 'status'])
    })

    this.schema.createTable('deck_revisions', (table) => {
      table.increments('id')
      table
        .integer('public_deck_id')
        .notNullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      table.integer('deck_id').notNullable().references('id').inTable('decks').onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('version').notNullable()
      table.string('status', 12).notNullable().defaultTo('pending')
      table.string('name', 255).notNullable()
      table.text('description').notNullable()
      table.integer('created_count').notNullable().defaultTo(0)
      table.integer('updated_count').notNullable().defaultTo(0)
      table.integer('deleted_count').notNullable().defaultTo(0)
      table.text('reason').nullable()
      table.integer('reviewed_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['public_deck_id', 'version'])
      table.index(['status', 'created_at'])
    })

    /* one revision's notes, frozen at submission: what a reviewer approves is what cloners get */
    this.schema.createTable('library_notes', (table) => {
      table.increments('id')
      table
        .integer('revision_id')
        .notNullable()
        .references('id')
        .inTable('deck_revisions')
        .onDelete('CASCADE')
      table
        .integer('public_deck_id')
        .notNullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      /* the author's note guid: the same note across revisions, and in every clone */
      table.string('guid', 64).notNullable()
      /* the subdeck path below the root, by names, so a clone rebuilds the tree */
      table.jsonb('deck_path').notNullable().defaultTo('[]')
      table
        .integer('note_type_id')
        .notNullable()
        .references('id')
        .inTable('note_types')
        .onDelete('RESTRICT')
      table.jsonb('fields').notNullable()
      table.jsonb('field_attachments_map').notNullable().defaultTo('{}')
      table.jsonb('tags').notNullable().defaultTo('[]')
      table.boolean('is_reversed').notNullable().defaultTo(false)
      table.text('sort_text').notNullable().defaultTo('')
      table.text('search_text').notNullable().defaultTo('')
      table.boolean('has_image').notNullable().defaultTo(false)
      table.boolean('has_audio').notNullable().defaultTo(false)
      table.integer('cards_count').notNullable().defaultTo(1)
      table.integer('position').notNullable().defaultTo(0)
      table.unique(['revision_id', 'guid'])
      table.index(['public_deck_id'])
    })

    this.schema.createTable('library_ratings', (table) => {
      table.increments('id')
      table
        .integer('public_deck_id')
        .notNullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.smallint('rating').notNullable()
      table.text('comment').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['public_deck_id', 'user_id'])
    })

    /* a clone remembers which revision it holds, so a newer approved one can be offered */
    this.schema.createTable('library_clones', (table) => {
      table.increments('id')
      table
        .integer('public_deck_id')
        .notNullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table
        .integer('deck_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('decks')
        .onDelete('CASCADE')
      table
        .integer('revision_id')
        .notNullable()
        .references('id')
        .inTable('deck_revisions')
        .onDelete('CASCADE')
      table.string('search_query', 200).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['public_deck_id', 'created_at'])
    })

    /* searches as typed (trimmed, lower-cased): popular searches come from these */
    this.schema.createTable('library_searches', (table) => {
      table.bigIncrements('id')
      table.string('query', 200).notNullable()
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('results_count').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['created_at'])
    })

    this.schema.alterTable('deck_reports', (table) => {
      table
        .integer('public_deck_id')
        .nullable()
        .references('id')
        .inTable('public_decks')
        .onDelete('CASCADE')
      /* open until a moderator resolves or dismisses it */
      table.string('status', 10).notNullable().defaultTo('open')
      table.integer('resolved_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('resolved_at', { useTz: true }).nullable()
      table.index(['status', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable('deck_reports', (table) => {
      table.dropIndex(['status', 'created_at'])
      table.dropColumn('resolved_at')
      table.dropColumn('resolved_by')
      table.dropColumn('status')
      table.dropColumn('public_deck_id')
    })
    for (const name of [
      'library_searches',
      'library_clones',
      'library_ratings',
      'library_notes',
      'deck_revisions',
      'public_decks',
      'library_categories',
      'deck_collaborators',
    ]) {
      this.schema.dropTable(name)
    }
    this.schema.alterTable('users', (table) => {
      table.dropColumn('social_links')
      table.dropColumn('is_admin')
    })
  }
}
