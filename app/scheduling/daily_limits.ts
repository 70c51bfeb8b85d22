/*
 * How many reviews and new cards a deck still shows today. The maximum
 * counts distinct cards studied today (learning repeats of a card already
 * seen are free); reviews come first, new cards fill what is left, within
 * their own daily limit. A null limit is no limit.
 */
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
}

const room = (limit: number | null, used: number) => (limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - used))

export function dailyRoom(use: DailyUse, limits: DailyLimits): { reviews: number; newCards: number } {
  const total = room(limits.maxCardsPerDay, use.cardsToday)
  const reviews = Math.min(use.reviewsDue, total)
  const newCards = Math.min(use.newAvailable, room(limits.newCardsPerDay, use.newToday), total - reviews)
  return { reviews, newCards }
}
