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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
