import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

const COLLABORATOR_ROLES = ['editor', 'viewer'] as const
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number]
/** the role a caller holds on a deck; `admin` is a moderator who sees but does not own */
export type DeckRole = 'owner' | CollaboratorRole | 'admin'
export type CollaborationState = 'active' | 'deleted' | 'disabled'

/** One learner's place in someone else's shared root deck. The owner has no row. */
export default class DeckCollaborator extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare deckId: number

  @column()
  declare userId: number

  @column()
  declare role: CollaboratorRole

  @column()
  declare state: CollaborationState

  @column()
  declare folderId: number | null

  @column()
  declare position: number

  @column()
  declare newCardsPerDay: number | null

  @column()
  declare maxCardsPerDay: number | null

  /** the sharing token active when the owner removed this participant (migration 0015) */
  @column()
  declare removedToken: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
