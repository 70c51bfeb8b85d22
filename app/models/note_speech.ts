import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Media from '#models/media'

export type SpeechSide = 'front' | 'back'
export type SpeechState = 'pending' | 'generated' | 'failed'

/** The server-made audio of one spoken string of a note's side (the Note entity's textToSpeechMap). */
export default class NoteSpeech extends BaseModel {
  static table = 'note_speech'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare noteId: number

  @column()
  declare side: SpeechSide

  @column()
  declare stringIndex: number

  @column()
  declare text: string

  @column()
  declare language: string

  @column()
  declare state: SpeechState

  @column()
  declare mediaId: number | null

  @column()
  declare errorCode: string | null

  @column()
  declare engine: string | null

  @belongsTo(() => Media)
  declare media: BelongsTo<typeof Media>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
