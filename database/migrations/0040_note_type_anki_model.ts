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
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('note_types', (table) => {
      table.smallint('sort_field').notNullable().defaultTo(0)
      table.jsonb('anki_model').nullable()
    })
  }

  async down() {
    this.schema.alterTable('note_types', (table) => {
      table.dropColumn('anki_model')
      table.dropColumn('sort_field')
    })
  }
}
