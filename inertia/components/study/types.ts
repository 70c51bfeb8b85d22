/* The shapes the statistics and streak pages receive (app/queries/study/*). */

export type DayKind = 'single' | 'start' | 'middle' | 'end' | 'freeze' | 'streak'
export const DAY_KINDS: DayKind[] = ['single', 'start', 'middle', 'end', 'freeze', 'streak']

export type CalendarDay = { date: string; kind: DayKind }

/** The User entity's streak fields. */
export type StreakFields = {
  currentDuration: number
  longestDuration: number
  totalActiveDays: number
  todayShown: boolean
  todayCompleted: boolean
  availableFreezeCount: number
  nextFreezeMinimumStreak: number
}

export type DayCount = { date: string; count: number }
export type RetentionFigure = { passed: number; total: number; rate: number | null }

export type Statistics = {
  today: string
  deck: { id: number; name: string } | null
  heatmap: { start: string; end: string; days: DayCount[]; totalReviews: number; studiedDays: number; maxCount: number }
  forecast: { days: DayCount[]; overdue: number; total: number }
  trueRetention: { matureIntervalDays: number; last30Days: RetentionFigure; lastYear: RetentionFigure }
  predictedRetention: { cards: number; rate: number | null }
}

export type DeckChoice = { id: number; name: string; depth: number }
