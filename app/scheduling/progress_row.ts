import { DateTime } from 'luxon'
import { NEW_PROGRESS, type Progress } from '#scheduling/types'

/** A progress row (model or plain database row, camel or snake case) as the schedulers see it; none is a new card. */
export function progressOf(row: Record<string, any> | null | undefined): Progress {
  if (!row) return { ...NEW_PROGRESS }
  const pick = (camel: string, snake: string) => (row as any)[camel] ?? (row as any)[snake]
  const date = (value: unknown) =>
    value === null || value === undefined
      ? null
      : value instanceof DateTime
        ? value.toJSDate()
        : new Date(value as string)
  return {
    state: row.state,
    dueAt: date(pick('dueAt', 'due_at')),
    intervalDays: Number(pick('intervalDays', 'interval_days') ?? 0),
    ease: Number(pick('easePermille', 'ease_permille') ?? 0) / 1000,
    step: Number(row.step ?? 0),
    reps: Number(row.reps ?? 0),
    lapses: Number(row.lapses ?? 0),
    stability: pick('stability', 'stability') ?? null,
    difficulty: pick('difficulty', 'difficulty') ?? null,
    lastReviewedAt: date(pick('lastReviewedAt', 'last_reviewed_at')),
  }
}
