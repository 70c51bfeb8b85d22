import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const EXPORT_FORMATS = ['csv', 'ofc', 'apkg'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export type ExportStatus = 'queued' | 'processing' | 'done' | 'failed'

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

  get isExpired() {
    return !this.expiresAt || this.expiresAt <= DateTime.now()
  }

  /** Done, not expired, and the file still there to serve. */
  get isDownloadable() {
    return this.status === 'done' && Boolean(this.storageKey) && !this.isExpired
  }
}
