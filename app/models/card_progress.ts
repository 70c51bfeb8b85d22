import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type CardState = 'new' | 'learning' | 'review' | 'relearning' | 'study_again' | 'got_it'

/** One learner's progress on one card; no row means a new, untouched card. */
export default class CardProgress extends BaseModel {
  static table = 'card_progress'

  @column({ isPrimary: true })
  declare userId: number

  @column({ isPrimary: true })
  declare cardId: number

  @column()
  declare deckId: number

  @column()
  declare state: CardState

  @column.dateTime()
  declare dueAt: DateTime | null

  @column()
  declare intervalDays: number

  @column()
  declare easePermille: number

  @column()
  declare step: number

  @column()
  declare reps: number

  @column()
  declare lapses: number

  @column()
  declare stability: number | null

  @column()
  declare difficulty: number | null

  @column.dateTime()
  declare lastReviewedAt: DateTime | null

  @column()
  declare frozen: boolean

  @column()
  declare version: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
