import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type {
  AnkiModelExtras,
  CardTemplate,
  FieldDef,
  NoteTypeDefinition,
  NoteTypeKind,
} from '#note_types/types'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'

export default class NoteType extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** null for the built-in types every user sees */
  @column()
  declare userId: number | null

  @column()
  declare kind: NoteTypeKind

  @column()
  declare name: string

  /* jsonb: an array would otherwise reach PostgreSQL as an array literal */
  @column({ prepare: (value: FieldDef[]) => JSON.stringify(value) })
  declare fields: FieldDef[]

  @column({ prepare: (value: CardTemplate[]) => JSON.stringify(value) })
  declare templates: CardTemplate[]

  @column()
  declare css: string

  @column()
  declare ankiId: string | null

  /** the field Anki sorts by (its `sortf`) */
  @column()
  declare sortField: number

  /** what Anki keeps on the type besides fields, templates and CSS (migration 0040) */
  @column({ prepare: (value: AnkiModelExtras | null) => (value ? JSON.stringify(value) : null) })
  declare ankiModel: AnkiModelExtras | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** What renders and generates cards: code for the built-ins, the stored columns for custom types. */
  get definition(): NoteTypeDefinition {
    if (this.kind !== 'custom') return BUILTIN_NOTE_TYPES[this.kind]
    const isCloze = this.templates.some((t) => /\{\{[^}]*cloze:/.test(t.front))
    return {
      kind: 'custom',
      name: this.name,
      fields: this.fields,
      templates: this.templates,
      css: this.css,
      isCloze,
    }
  }
}
