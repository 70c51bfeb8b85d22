import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import PublicDeck from '#models/public_deck'

const REVISION_STATUSES = ['pending', 'approved', 'rejected', 'unpublished'] as const
export type RevisionStatus = (typeof REVISION_STATUSES)[number]

/** One submitted version of a published deck, with what changed since the last approved one. */
export default class DeckRevision extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare publicDeckId: number

  @column()
  declare deckId: number

  @column()
  declare userId: number

  @column()
  declare version: number

  @column()
  declare status: RevisionStatus

  @column()
  declare name: string

  @column()
  declare description: string

  @column()
  declare createdCount: number

  @column()
  declare updatedCount: number

  @column()
  declare deletedCount: number

  @column()
  declare reason: string | null

  @column()
  declare reviewedBy: number | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => PublicDeck)
  declare publicDeck: BelongsTo<typeof PublicDeck>
}
