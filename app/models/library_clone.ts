import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A learner's copy of a library deck and the revision it holds. */
export default class LibraryClone extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare publicDeckId: number

  @column()
  declare userId: number

  @column()
  declare deckId: number

  @column()
  declare revisionId: number

  @column()
  declare searchQuery: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
