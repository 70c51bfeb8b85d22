import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** One learner's rating (1 to 5) and optional review of a library deck; editable, one per learner. */
export default class LibraryRating extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare publicDeckId: number

  @column()
  declare userId: number

  @column()
  declare rating: number

  @column()
  declare comment: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare author: BelongsTo<typeof User>
}
