import { addDays, daysBetween } from '#scheduling/study_day'

/*
 * Streaks, recomputed from the learner's active days alone (spec: a day is
 * active after 5 studied cards; each freeze skips one missed day, at most 2
 * held). Nothing but the list of active days is stored, so an undo, a time
 * zone change or a late-arriving offline review can never leave the streak
 * out of step: the same days always give the same streak.
 *
 * Freezes, as decided here:
 * - one is earned each time the running streak reaches a multiple of 7 active
 *   days (7, 14, 21 …), never more than 2 held; the next one comes at
 *   nextFreezeMinimumStreak, the rule app/transformers/user_transformer.ts uses;
 * - a gap of missed days is covered only as a whole: with enough freezes held,
 *   one is spent per missed day and the streak goes on; with fewer, none is
 *   spent and the streak breaks;
 * - frozen days keep the streak alive but do not lengthen it;
 * - freezes belong to the streak that earned them: a broken streak loses them.
 */
/** Spec: a day is active after studying 5 cards. */
export const ACTIVE_DAY_CARDS = 5
const FREEZE_EVERY_DAYS = 7
const MAX_FREEZES = 2

export interface StreakSummary {
  /** active days of the streak still running (0 when broken) */
  currentDuration: number
  longestDuration: number
  totalActiveDays: number
  todayCompleted: boolean
  availableFreezeCount: number
  nextFreezeMinimumStreak: number
  /** missed days a freeze covered, oldest first */
  freezeDays: string[]
}

export type DayKind = 'single' | 'start' | 'middle' | 'end' | 'freeze' | 'streak'

export function nextFreezeMinimumStreak(currentDuration: number) {
  return (Math.floor(currentDuration / FREEZE_EVERY_DAYS) + 1) * FREEZE_EVERY_DAYS
}

/** Days strictly between `from` and `to`. */
function daysInGap(from: string, to: string) {
  const days: string[] = []
  for (let day = addDays(from, 1); day < to; day = addDays(day, 1)) days.push(day)
  return days
}

/**
 * The streak as of `today`. `activeDays` are sorted, unique YYYY-MM-DD study
 * days; days after `today` are ignored. Today not yet done breaks nothing: the
 * streak still counts if it reached yesterday (itself or through freezes).
 */
export function computeStreak(activeDays: string[], today: string): StreakSummary {
  let current = 0
  let longest = 0
  let freezes = 0
  let previous: string | null = null
  const freezeDays: string[] = []
  const days = activeDays.filter((day) => day <= today)

  for (const day of days) {
    const missed = previous === null ? 0 : daysBetween(previous, day) - 1
    if (previous === null) current = 1
    else if (missed === 0) current += 1
    else if (missed <= freezes) {
      freezes -= missed
      freezeDays.push(...daysInGap(previous, day))
      current += 1
    } else {
      current = 1
      freezes = 0
    }
    if (current % FREEZE_EVERY_DAYS === 0) freezes = Math.min(MAX_FREEZES, freezes + 1)
    longest = Math.max(longest, current)
    previous = day
  }

  const todayCompleted = previous === today
  if (previous !== null && !todayCompleted) {
    /* the days missed before today: covered now if they can be, or the streak is over */
    const missed = daysBetween(previous, today) - 1
    if (missed > 0 && missed <= freezes) {
      freezes -= missed
      freezeDays.push(...daysInGap(previous, today))
    } else if (missed > 0) {
      current = 0
      freezes = 0
    }
  }

  return {
    currentDuration: current,
    longestDuration: longest,
    totalActiveDays: days.length,
    todayCompleted,
    availableFreezeCount: freezes,
    nextFreezeMinimumStreak: nextFreezeMinimumStreak(current),
    freezeDays,
  }
}

/**
 * How the calendar draws each active or frozen day between `start` and `end`
 * (inclusive). A run of consecutive active or frozen days is one streak:
 * - `start`, `middle`, `end`: an active day at the beginning, inside, or at the
 *   close of a streak that has ended;
 * - `single`: a lone active day whose streak ended with it;
 * - `freeze`: a missed day a freeze covered;
 * - `streak`: the latest active day of the streak still running (today once it
 *   is done, else the last active day before it): drawn open, the streak goes on.
 * Runs are found over all the days given, so a streak crossing `start` or `end`
 * keeps its kinds.
 */
export function streakCalendar(
  activeDays: string[],
  freezeDays: string[],
  today: string,
  start: string,
  end: string
) {
  const active = new Set(activeDays.filter((day) => day <= today))
  const frozen = new Set(freezeDays.filter((day) => day <= today))
  const marked = new Set([...active, ...frozen])
  const lastActive = [...active].sort().at(-1)

  /* running: the last active day reaches today through nothing but frozen days */
  let running = false
  if (lastActive) {
    running = true
    for (let day = addDays(lastActive, 1); day < today; day = addDays(day, 1)) {
      if (!frozen.has(day)) running = false
    }
  }

  const result: { date: string; kind: DayKind }[] = []
  for (const date of [...marked].sort()) {
    if (date < start || date > end) continue
    if (frozen.has(date) && !active.has(date)) {
      result.push({ date, kind: 'freeze' })
      continue
    }
    const before = marked.has(addDays(date, -1))
    const after = marked.has(addDays(date, 1))
    let kind: DayKind
    if (running && date === lastActive) kind = 'streak'
    else if (before && after) kind = 'middle'
    else if (before) kind = 'end'
    else if (after) kind = 'start'
    else kind = 'single'
    result.push({ date, kind })
  }
  return result
}
