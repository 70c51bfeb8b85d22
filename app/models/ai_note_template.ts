import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A rewriting instruction for the AI: a user's own (userId), or a built-in (builtinKey, userId null). */
export default class AiNoteTemplate extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare builtinKey: string | null

  @column()
  declare name: string

  @column()
  declare prompt: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
