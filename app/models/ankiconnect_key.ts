import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A learner's AnkiConnect key (POST /ankiconnect): encrypted to be shown again, found by its hash. */
export default class AnkiconnectKey extends BaseModel {
  static table = 'ankiconnect_keys'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column({ serializeAs: null })
  declare keyEncrypted: string

  @column({ serializeAs: null })
  declare keyHash: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
