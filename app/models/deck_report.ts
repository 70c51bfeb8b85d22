import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class DeckReport extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare deckId: number

  @column()
  declare userId: number

  @column()
  declare text: string

  /** the library deck the report is about, when the reported deck came from the library */
  @column()
  declare publicDeckId: number | null

  @column()
  declare status: 'open' | 'resolved' | 'dismissed'

  @column()
  declare resolvedBy: number | null

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
