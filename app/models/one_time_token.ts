import { DateTime } from 'luxon'
import { createHash, randomBytes } from 'node:crypto'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'

export type OneTimePurpose = 'password_reset' | 'login_link'

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** A single-use secret sent by e-mail; only its SHA-256 is stored. */
export default class OneTimeToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare purpose: OneTimePurpose

  @column({ serializeAs: null })
  declare hash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  get isUsable() {
    return this.usedAt === null && this.expiresAt > DateTime.now()
  }

  /** Issues a new secret; earlier unused ones of the same purpose stop working. */
  static async issue(user: User, purpose: OneTimePurpose, ttlMinutes: number) {
    const secret = randomBytes(32).toString('base64url')
    await this.query()
      .where({ userId: user.id, purpose })
      .whereNull('usedAt')
      .update({ usedAt: DateTime.now().toSQL() })
    await this.create({
      userId: user.id,
      purpose,
      hash: digest(secret),
      expiresAt: DateTime.now().plus({ minutes: ttlMinutes }),
      usedAt: null,
    })
    return secret
  }

  static findBySecret(secret: string, purpose: OneTimePurpose, trx?: TransactionClientContract) {
    return this.query({ client: trx })
      .where({ hash: digest(secret), purpose })
      .if(trx, (query) => query.forUpdate())
      .first()
  }

  /** Uses a secret once (row locked in `trx`); null when unknown, used or expired. */
  static async spend(secret: string, purpose: OneTimePurpose, trx: TransactionClientContract) {
    const token = await this.findBySecret(secret, purpose, trx)
    if (!token?.isUsable) return null
    token.useTransaction(trx)
    token.usedAt = DateTime.now()
    await token.save()
    return token
  }
}
