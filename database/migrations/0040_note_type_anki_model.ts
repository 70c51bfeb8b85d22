import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 32, a round trip that loses nothing. An imported note type is kept as
 * it came; what Anki keeps on a note type that Mnemo has no column for is kept
 * here so the export writes it back:
 *
 * - sort_field: the index of the field Anki sorts by and writes to `sfld`
 *   (Anki's `sortf`), 0 for every type Mnemo made.
 * - anki_model: the rest of Anki's note type (schema 11 `col.models` JSON)
 *   with fields and templates replaced by what Mnemo keeps of each beside its
 *   name and text (font, size, tag, browser formats, …), null for types Mnemo
 *   made. The exporter merges it under what Mnemo holds, so an edit in Mnemo
 *   wins over it.
 * - notes.source_fields: a field as the package had it where the sanitizer
 *   changed it on import (an entity, a style Mnemo does not show, a
 *   comment), with what was stored: `{name: {source, stored}}`. Never
 *   shown; the export writes `source` back while the field is still
 *   `stored`, so an Anki note comes back as it was, and an edited one as
 *   edited.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('note_types', (table) => {
      table.smallint('sort_field').notNullable().defaultTo(0)
      table.jsonb('anki_model').nullable()
    })
    this.schema.alterTable('notes', (table) => {
      table.jsonb('source_fields').nullable()
    })
  }

  async down() {
    this.schema.alterTable('notes', (table) => {
      table.dropColumn('source_fields')
    })
    this.schema.alterTable('note_types', (table) => {
      table.dropColumn('anki_model')
      table.dropColumn('sort_field')
    })
  }
}
