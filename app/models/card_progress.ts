import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { NEW_PROGRESS, type Progress, type ProgressState } from '#scheduling/types'
import { progressOf } from '#scheduling/progress_row'

export type CardState = ProgressState

/** One learner's progress on one card; no row means a new, untouched card. */
export default class CardProgress extends BaseModel {
  static table = 'card_progress'

  @column({ isPrimary: true })
  declare userId: number

  @column({ isPrimary: true })
  declare cardId: number

  @column()
  declare deckId: number

  @column()
  declare state: CardState

  @column.dateTime()
  declare dueAt: DateTime | null

  @column()
  declare intervalDays: number

  @column()
  declare easePermille: number

  @column()
  declare step: number

  @column()
  declare reps: number

  @column()
  declare lapses: number

  @column()
  declare stability: number | null

  @column()
  declare difficulty: number | null

  @column.dateTime()
  declare lastReviewedAt: DateTime | null

  @column()
  declare frozen: boolean

  @column()
  declare version: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** The schedulers' view of this row. */
  get memory(): Progress {
    return progressOf(this)
  }
}

/**
 * The row a card's progress starts as (the table's defaults: a new card,
 * not frozen) where none is stored yet, keyed as read from the table.
 * tests/integration/learning/record_answer.spec.ts holds it to the table's defaults.
 */
export function newProgressRow(deckId: number, version: number) {
  return { ...progressColumns(NEW_PROGRESS), deck_id: deckId, frozen: false, version }
}

/** The columns a Progress writes. */
export function progressColumns(progress: Progress) {
  return {
    state: progress.state,
    due_at: progress.dueAt,
    interval_days: progress.intervalDays,
    ease_permille: Math.round(progress.ease * 1000),
    step: progress.step,
    reps: progress.reps,
    lapses: progress.lapses,
    stability: progress.stability,
    difficulty: progress.difficulty,
    last_reviewed_at: progress.lastReviewedAt,
  }
}
