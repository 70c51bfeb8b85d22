/*
 * How many reviews and new cards a deck still shows today. The maximum
 * counts distinct cards studied today (learning repeats of a card already
 * seen are free); reviews come first, new cards fill what is left, within
 * their own daily limit. A null limit is no limit.
 */
import { newCardPace } from '#scheduling/exam'

export interface DailyUse {
  /** reviews due today and new cards not yet studied */
  reviewsDue: number
  newAvailable: number
  /** distinct cards studied today, and among them the new ones */
  cardsToday: number
  newToday: number
}

export interface DailyLimits {
  newCardsPerDay: number | null
  maxCardsPerDay: number | null
  /**
   * exam mode: the new cards of the day are the plan's pace (the cards left spread over the days left, within
   * the ceiling)
   */
  exam?: { daysLeft: number; ceiling: number | null }
}

const room = (limit: number | null, used: number) =>
  limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - used)

export function dailyRoom(
  use: DailyUse,
  limits: DailyLimits
): { reviews: number; newCards: number } {
  const total = room(limits.maxCardsPerDay, use.cardsToday)
  const reviews = Math.min(use.reviewsDue, total)
  /* the pace counts from the day's start: the new cards left now and those already taken today */
  const newLimit = limits.exam
    ? newCardPace(use.newAvailable + use.newToday, limits.exam.daysLeft, limits.exam.ceiling).perDay
    : limits.newCardsPerDay
  const newCards = Math.min(use.newAvailable, room(newLimit, use.newToday), total - reviews)
  return { reviews, newCards }
}
