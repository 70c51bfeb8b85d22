import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { FieldAttachmentsMap, NoteFields } from '#note_types/types'
import Card from '#models/card'
import Deck from '#models/deck'
import NoteType from '#models/note_type'

export default class Note extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** the owner of the deck; guids are unique per owner */
  @column()
  declare userId: number

  @column()
  declare deckId: number

  @column()
  declare noteTypeId: number

  @column()
  declare guid: string

  @column()
  declare fields: NoteFields

  @column()
  declare fieldAttachmentsMap: FieldAttachmentsMap

  /* jsonb: an array would otherwise reach PostgreSQL as an array literal ('{}' for none) */
  @column({ prepare: (value: string[]) => JSON.stringify(value ?? []) })
  declare tags: string[]

  @column()
  declare isReversed: boolean

  @column()
  declare sortText: string

  @column()
  declare searchText: string

  @column()
  declare hasImage: boolean

  @column()
  declare hasAudio: boolean

  @column()
  declare libraryNoteId: number | null

  @belongsTo(() => Deck)
  declare deck: BelongsTo<typeof Deck>

  @belongsTo(() => NoteType)
  declare noteType: BelongsTo<typeof NoteType>

  @hasMany(() => Card)
  declare cards: HasMany<typeof Card>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
