import { BaseSchema } from '@adonisjs/lucid/schema'
import { seedLibraryCategories } from '#database/library_categories'

/*
 * The library's search and browse indexes, and its category taxonomy.
 *
 * - public_decks.search_vector: the deck's name (weight A), description (B)
 *   and the text of its current revision's notes, bounded to 20,000
 *   characters (C). A trigger keeps it: it is recomputed whenever a row is
 *   inserted or its name, description or current revision changes, so the
 *   publish flow (which approves a revision by pointing current_revision_id
 *   at it, its notes already written) needs to call nothing. 'simple'
 *   configuration: library decks come in every language, so no stemming.
 * - public_decks.title_vector (generated): name and description only, what
 *   the ranking reads.
 * - Every index is partial on the `published` scope's predicate, so the
 *   library's queries (which all start from it) use them and pending or
 *   unpublished decks cost nothing.
 */
const PUBLISHED =
  "status = 'approved' AND current_revision_id IS NOT NULL AND unpublished_at IS NULL"

export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    this.schema.alterTable('public_decks', (table) => {
      table
        .specificType('search_vector', 'tsvector')
        .notNullable()
        .defaultTo(this.raw("''::tsvector"))
    })
    /* ranking reads this small vector, not search_vector: detoasting hundreds of note texts per search cost 100+ ms */
    this.schema.raw(`ALTER TABLE public_decks ADD COLUMN title_vector tsvector GENERATED ALWAYS AS
      (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple',
        left(coalesce(description, ''), 2000)), 'B')) STORED`)
    this.schema.raw(`
      CREATE FUNCTION mnemo_library_search_vector(deck_name text, deck_description text, revision integer)
        RETURNS tsvector
      LANGUAGE sql STABLE AS $$
        SELECT setweight(to_tsvector('simple', coalesce(deck_name, '')), 'A')
            || setweight(to_tsvector('simple', coalesce(deck_description, '')), 'B')
            || setweight(to_tsvector('simple', coalesce((
                 SELECT left(string_agg(search_text, ' ' ORDER BY position, id), 20000)
                 FROM library_notes WHERE revision_id = revision), '')), 'C')
      $$`)
    this.schema.raw(`
      CREATE FUNCTION mnemo_public_deck_search_vector() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector := mnemo_library_search_vector(NEW.name, NEW.description, NEW.current_revision_id);
        RETURN NEW;
      END
      $$`)
    this.schema.raw(`
      CREATE TRIGGER public_decks_search_vector BEFORE INSERT OR UPDATE OF name, description, current_revision_id
      ON public_decks FOR EACH ROW EXECUTE FUNCTION mnemo_public_deck_search_vector()`)
    this.schema.raw(
      `CREATE INDEX public_decks_search_vector_idx ON public_decks USING gin (search_vector) WHERE ${PUBLISHED}`
    )
    this.schema.raw(
      `CREATE INDEX public_decks_name_trgm_idx ON public_decks USING gin (name gin_trgm_ops) WHERE ${PUBLISHED}`
    )
    /* alphabetical browse: a prefix range and its order on one btree (byte order, so LIKE 'abc%' can use it) */
    this.schema.raw(
      `CREATE INDEX public_decks_alphabetical_idx ON public_decks ((lower(name)) text_pattern_ops, id) WHERE ` +
        `${PUBLISHED}`
    )
    this.schema.raw(
      `CREATE INDEX public_decks_category_idx ON public_decks (category_id, id) WHERE ${PUBLISHED}`
    )
    this.schema.raw(
      `CREATE INDEX public_decks_new_idx ON public_decks (approved_at DESC, id) WHERE ${PUBLISHED}`
    )
    this.schema.raw(
      `CREATE INDEX public_decks_popular_idx ON public_decks (downloads_count DESC, id) WHERE ${PUBLISHED}`
    )
    this.schema.raw('CREATE INDEX library_clones_created_at_idx ON library_clones (created_at)')
    this.schema.raw(
      'CREATE INDEX library_ratings_reviews_idx ON library_ratings (public_deck_id, updated_at DESC, id) WHERE ' +
        'comment IS NOT NULL'
    )
    this.schema.raw(
      'CREATE INDEX library_notes_revision_idx ON library_notes (revision_id, position, id)'
    )

    this.defer(async (db) => {
      await seedLibraryCategories(db)
    })
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS library_notes_revision_idx')
    this.schema.raw('DROP INDEX IF EXISTS library_ratings_reviews_idx')
    this.schema.raw('DROP INDEX IF EXISTS library_clones_created_at_idx')
    this.schema.raw('DROP TRIGGER IF EXISTS public_decks_search_vector ON public_decks')
    this.schema.raw('DROP FUNCTION IF EXISTS mnemo_public_deck_search_vector()')
    this.schema.raw('DROP FUNCTION IF EXISTS mnemo_library_search_vector(text, text, integer)')
    this.schema.alterTable('public_decks', (table) => {
      table.dropColumn('title_vector')
      table.dropColumn('search_vector')
    })
  }
}
