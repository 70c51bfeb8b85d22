import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { DeckRole } from '#models/deck_collaborator'

const DECK_STATES = [
  'active',
  'archived',
  'cloning',
  'disabled',
  'duplicating',
  'notes_moving',
  'media_processing',
  'notes_importing',
  'processing',
  'processing_failed',
  'suspended',
  'syncing',
  'bulk_reversing',
  'ai_notes_generation',
] as const
export type DeckState = (typeof DECK_STATES)[number]

/* states a background job holds a deck in; the deck cannot be edited meanwhile */
export const PROCESSING_STATES: DeckState[] = [
  'processing',
  'cloning',
  'duplicating',
  'notes_moving',
  'notes_importing',
  'media_processing',
  'bulk_reversing',
  'ai_notes_generation',
  'syncing',
]

export const DECK_SOURCES = [
  'manually',
  'imported_anki',
  'pre-made',
  'created_ai_pdf',
  'created_ai_prompt',
  'imported_ofc',
  'imported_csv',
  'cloned_from_published_deck',
  'remote_gpt',
] as const
export type DeckSource = (typeof DECK_SOURCES)[number]

export const MAX_CARDS_PER_DECK = 3000

/** a deck whose tree is shared with the bound user id, as an active participant */
export const SHARED_WITH =
  'decks.root_deck_id = any(array(select c.deck_id from deck_collaborators c where c.user_id = ? and c.state = ' +
  "'active'))"

export interface Processing {
  total: number
  processed: number
  /** what the finished toast needs: how many, and where to */
  count?: number
  destinationName?: string
  previousState?: DeckState
  /** cards the running job will add, by destination deck id: the card limit counts them (card_limit.ts) */
  reserved?: Record<string, number>
  /** why the last job was refused (an error code such as E_CARDS_LIMIT_REACHED): it changed nothing */
  failureCode?: string
  /** the AI stream making the deck's notes (ai_notes_generation): the finished poll fetches its notes */
  streamId?: number
}

type DeviceFontSettings = {
  fontFamily?: string
  size: number
  alignment: 'left' | 'center' | 'right'
}
export type FontSettings = Partial<Record<'desktop' | 'tablet' | 'phone', DeviceFontSettings>>

export default class Deck extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare parentId: number | null

  @column()
  declare rootDeckId: number | null

  @column()
  declare folderId: number | null

  @column()
  declare name: string

  @column()
  declare position: number

  @column()
  declare state: DeckState

  @column()
  declare processing: Processing | null

  @column()
  declare source: DeckSource

  @column()
  declare clonedFromId: number | null

  @column()
  declare algorithmPreset: string

  @column()
  declare algorithmType: 'spacedRepetition' | 'speedLearning'

  @column()
  declare algorithmSettings: Record<string, unknown>

  @column()
  declare newCardsPerDay: number | null

  @column()
  declare maxCardsPerDay: number | null

  /** a root deck's exam day (YYYY-MM-DD), which exam mode plans toward (app/scheduling/exam.ts) */
  @column()
  declare examDate: string | null

  /** the most new cards a day the learner will take while preparing for the exam; null: no ceiling */
  @column()
  declare examNewCardsCeiling: number | null

  @column()
  declare shuffleCardsEnabled: boolean

  @column()
  declare fontSettings: FontSettings

  @column()
  declare cardPresetId: number | null

  @column()
  declare offlineModeEnabled: boolean

  @column()
  declare ttsEnabled: boolean

  @column()
  declare ttsWholeCardPronunciation: boolean

  @column()
  declare ttsAutoplayEnabled: boolean

  @column()
  declare ttsFrontSideLanguage: string | null

  @column()
  declare ttsBackSideLanguage: string | null

  @column()
  declare notesSortBy: 'next_review_at' | 'created_at' | 'alphabetical'

  @column()
  declare notesOrder: 'ASC' | 'DESC'

  @column()
  declare sharingEnabled: boolean

  @column()
  declare sharingToken: string | null

  @column()
  declare hasChanges: boolean

  @column.dateTime()
  declare archivedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare owner: BelongsTo<typeof User>

  @belongsTo(() => Deck, { foreignKey: 'parentId' })
  declare parent: BelongsTo<typeof Deck>

  @hasMany(() => Deck, { foreignKey: 'parentId' })
  declare children: HasMany<typeof Deck>

  /**
   * Every deck lookup starts here: the decks this user may see, their own and
   * every deck of a shared tree they actively take part in. The shared roots
   * are read once (an init plan), so both sides use an index.
   */
  static accessibleBy = scope((query, user: { id: number }) => {
    query.where((access) =>
      access.where('decks.user_id', user.id).orWhereRaw(SHARED_WITH, [user.id])
    )
  })

  /** Writes only an owner makes (folders, positions, deleting the tree) start here instead. */
  static ownedBy = scope((query, user: { id: number }) => {
    query.where('decks.user_id', user.id)
  })

  /** The caller's role, as the access lookup (find_deck.ts) read it with the deck. */
  roleOf(user: { id: number }): DeckRole | null {
    if (this.userId === user.id) return 'owner'
    const role = this.$extras.access_role
    if (role === undefined)
      throw new Error(`deck ${this.id} was not read through the access lookup`)
    return role
  }

  get isRootDeck() {
    return this.parentId === null
  }

  get isProcessing() {
    return PROCESSING_STATES.includes(this.state)
  }

  /** imported and pre-made decks take no new images (spec: validation rules) */
  get imagesAllowed() {
    return !['imported_anki', 'pre-made', 'imported_ofc', 'imported_csv'].includes(this.source)
  }
}

/** Reports go to the moderators of decks that came from someone else: the library or a pre-made deck. */
export function isReportable(deck: { source: string }) {
  return deck.source === 'pre-made' || deck.source === 'cloned_from_published_deck'
}
