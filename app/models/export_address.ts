import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * An address other than the account's own (or the account's own before its
 * owner proved it) that a learner asked exports to be mailed to. Exports
 * wait until the link mailed there is used; from then on the address is
 * confirmed for this learner only. Only the link's SHA-256 is kept.
 */
export default class ExportAddress extends BaseModel {
  static table = 'export_addresses'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare email: string

  @column.dateTime()
  declare confirmedAt: DateTime | null

  @column({ serializeAs: null })
  declare tokenHash: string | null

  @column.dateTime()
  declare tokenExpiresAt: DateTime | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
