import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Note from '#models/note'
import CardProgress from '#models/card_progress'

export default class Card extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare noteId: number

  @column()
  declare deckId: number

  /** template index, cloze index − 1, occlusion group − 1, or 100 + n for a reversed card */
  @column()
  declare ord: number

  @belongsTo(() => Note)
  declare note: BelongsTo<typeof Note>

  @hasMany(() => CardProgress)
  declare progress: HasMany<typeof CardProgress>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
