import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 32, the card search language speaks Anki (app/queries/cards/search_sql.ts):
 *
 * - notes.fields_text: a note's fields as Anki's `flds` has them, the HTML of
 *   each joined by U+001F (in jsonb's key order: shorter names first), for
 *   unqualified text, re: and w:. A stored generated column: computing it
 *   from the jsonb on every row made a text search over 10,000 notes take
 *   about 100 ms; read stored it takes 10. notes_fields_text_trgm answers
 *   `ilike '%…%'` (pg_trgm, migration 0014), and notes_sort_text_trgm the sort
 *   field's side of the same search. Code that copies a note's row must leave
 *   fields_text out (actions/notes/copy_notes.ts).
 * - mnemo_unaccent(text): the text without accents, for nc: (Anki folds
 *   combining marks away). PostgreSQL's unaccent where the server has it
 *   (wrapped: unaccent itself is only stable; text all ASCII is returned as
 *   it is, three times faster over a learner's notes), else a translate()
 *   over the Latin letters with accents.
 */
const LATIN_ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿŠšŽžČčŘřĚěŮů'
const LATIN_PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyySsZzCcRrEeUu'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE FUNCTION mnemo_fields_text(fields jsonb) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(string_agg(value, chr(31)), '') FROM jsonb_each_text(fields)
      $$`)
    this.schema.raw(`DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
          CREATE EXTENSION IF NOT EXISTS unaccent;
          EXECUTE $f$CREATE FUNCTION mnemo_unaccent(text) RETURNS text
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
            'SELECT CASE WHEN octet_length($1) = char_length($1) THEN $1
              ELSE unaccent(''unaccent''::regdictionary, $1) END'$f$;
        ELSE
          EXECUTE $f$CREATE FUNCTION mnemo_unaccent(text) RETURNS text
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
            'SELECT translate($1, ''${LATIN_ACCENTED}'', ''${LATIN_PLAIN}'')'$f$;
        END IF;
      END
      $$`)
    this.schema.raw(
      'ALTER TABLE notes ADD COLUMN fields_text text GENERATED ALWAYS AS (mnemo_fields_text(fields)) STORED'
    )
    this.schema.raw(
      'CREATE INDEX notes_fields_text_trgm ON notes USING gin (fields_text gin_trgm_ops)'
    )
    /* text is looked for in the sort field too: with its own index the two make one bitmap */
    this.schema.raw('CREATE INDEX notes_sort_text_trgm ON notes USING gin (sort_text gin_trgm_ops)')
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS notes_sort_text_trgm')
    this.schema.raw('DROP INDEX IF EXISTS notes_fields_text_trgm')
    this.schema.raw('ALTER TABLE notes DROP COLUMN IF EXISTS fields_text')
    this.schema.raw('DROP FUNCTION IF EXISTS mnemo_unaccent(text)')
    this.schema.raw('DROP FUNCTION IF EXISTS mnemo_fields_text(jsonb)')
  }
}
