/* Anki's line between young and mature cards: a review card is mature from this interval on */
export const MATURE_INTERVAL_DAYS = 21

export type CardStatus =
  'not_studied' | 'learning' | 'not_quite' | 'got_it' | 'learned' | 'mastered' | 'frozen'

/**
 * The spec's statuses as users see them. A review card is mastered only once
 * it is mature (Anki's definition); a younger one is learned: one good answer
 * is not mastery.
 */
export function cardStatus(state: string, frozen: boolean, intervalDays: number): CardStatus {
  if (frozen) return 'frozen'
  switch (state) {
    case 'learning':
    case 'relearning':
      return 'learning'
    case 'study_again':
      return 'not_quite'
    case 'got_it':
      return 'got_it'
    case 'review':
      return intervalDays >= MATURE_INTERVAL_DAYS ? 'mastered' : 'learned'
    default:
      return 'not_studied'
  }
}
