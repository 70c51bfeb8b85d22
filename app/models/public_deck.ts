import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import LibraryCategory from '#models/library_category'

export type PublicDeckStatus = 'pending' | 'approved'

/** A root deck's place in the library: what the library shows is its current approved revision. */
export default class PublicDeck extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare deckId: number

  @column()
  declare userId: number

  @column()
  declare categoryId: number | null

  @column()
  declare slug: string

  @column()
  declare name: string

  @column()
  declare description: string

  @column()
  declare status: PublicDeckStatus

  @column()
  declare currentRevisionId: number | null

  @column.dateTime()
  declare unpublishedAt: DateTime | null

  @column()
  declare isIndexable: boolean

  @column()
  declare notesCount: number

  @column()
  declare cardsCount: number

  @column()
  declare downloadsCount: number

  @column()
  declare studiersCount: number

  @column()
  declare ratingsCount: number

  @column()
  declare ratingsSum: number

  @column.dateTime()
  declare approvedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare author: BelongsTo<typeof User>

  @belongsTo(() => LibraryCategory, { foreignKey: 'categoryId' })
  declare category: BelongsTo<typeof LibraryCategory>

  /** Every library read starts here: approved, with an approved revision, and not unpublished. */
  static published = scope((query) => {
    query
      .where('public_decks.status', 'approved')
      .whereNotNull('public_decks.current_revision_id')
      .whereNull('public_decks.unpublished_at')
  })
}
