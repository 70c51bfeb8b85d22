import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type MediaKind = 'image' | 'audio' | 'video'

/** An uploaded file; `key` is its name on the drive and in its URL (/media/<key>). */
export default class Media extends BaseModel {
  static table = 'media'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare key: string

  @column()
  declare userId: number

  @column()
  declare deckId: number | null

  @column()
  declare kind: MediaKind

  @column()
  declare mime: string

  @column()
  declare originalName: string

  @column()
  declare size: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  get url() {
    return `/media/${this.key}`
  }
}
