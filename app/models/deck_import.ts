import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { BundleFormat } from '#importers/bundle'

export type ImportStatus = 'queued' | 'processing' | 'done' | 'failed' | 'cancelled'

/** One uploaded file on its way to becoming a deck. */
export default class DeckImport extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare deckId: number | null

  @column()
  declare folderId: number | null

  @column()
  declare fileName: string

  @column()
  declare format: BundleFormat

  @column()
  declare size: number

  @column()
  declare storageKey: string | null

  @column()
  declare status: ImportStatus

  @column()
  declare errorKey: string | null

  @column()
  declare errorMessage: string | null

  @column()
  declare counts: Record<string, number>

  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare warnings: { line?: number; message: string }[]

  @column()
  declare options: Record<string, unknown>

  /* each retry starts a new attempt; a job of an older attempt stops at its next checkpoint */
  @column()
  declare attempt: number

  @column.dateTime()
  declare finishedAt: DateTime | null

  /* a cancel asked of a running import: its job rolls back at its next batch and ends it `cancelled` */
  @column.dateTime()
  declare cancelRequestedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /**
   * What the learner is shown: a cancel asked of a running import is settled for them, whatever the job still
   * has to roll back.
   */
  get shownStatus(): ImportStatus {
    return this.cancelRequestedAt && !this.isFinished ? 'cancelled' : this.status
  }

  get isFinished() {
    return this.status === 'done' || this.status === 'failed' || this.status === 'cancelled'
  }
}
