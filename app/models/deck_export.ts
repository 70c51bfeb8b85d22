import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const EXPORT_FORMATS = ['csv', 'ofc', 'apkg'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/* awaiting_confirmation: mailed to an address not confirmed yet; it starts when the link mailed there is used */
export type ExportStatus = 'awaiting_confirmation' | 'queued' | 'processing' | 'done' | 'failed'

/* how long an export waits for its address to be confirmed (the confirmation link's life) */
export const CONFIRMATION_HOURS = 24

/** What a download is served as, by format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  /* both are zip archives; Anki and the product recognise them by their extension */
  ofc: 'application/zip',
  apkg: 'application/zip',
}

/** One requested export: the job's state, then the stored file the e-mailed link points at. */
export default class DeckExport extends BaseModel {
  static table = 'deck_exports'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** null once the deck is deleted; the file stays downloadable until it expires */
  @column()
  declare deckId: number | null

  @column()
  declare deckName: string

  @column()
  declare email: string

  @column()
  declare format: ExportFormat

  @column()
  declare includeProgress: boolean

  /** the link is e-mailed (the apps, or a web learner who asked); otherwise the exports page is where it is fetched */
  @column()
  declare mailLink: boolean

  @column()
  declare status: ExportStatus

  @column()
  declare storageKey: string | null

  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare size: number | null

  @column()
  declare errorMessage: string | null

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /**
   * The status a learner meets: an export whose address was not confirmed
   * within CONFIRMATION_HOURS failed (`unconfirmed`), whether or not a
   * confirmation has marked it so yet.
   */
  get effectiveStatus(): ExportStatus {
    return this.confirmationLapsed ? 'failed' : this.status
  }

  get confirmationLapsed() {
    return (
      this.status === 'awaiting_confirmation' &&
      this.createdAt <= DateTime.now().minus({ hours: CONFIRMATION_HOURS })
    )
  }

  get isExpired() {
    return !this.expiresAt || this.expiresAt <= DateTime.now()
  }

  /** Done, not expired, and the file still there to serve. */
  get isDownloadable() {
    return this.status === 'done' && Boolean(this.storageKey) && !this.isExpired
  }
}
