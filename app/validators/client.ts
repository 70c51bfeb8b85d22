import vine from '@vinejs/vine'

/* the spec's star-rating mapping (§9): 2 or fewer not_at_all, 3 its_okay, 4 a_lot, 5 love_it */
const FEEDBACK_TYPES = ['not_at_all', 'its_okay', 'a_lot', 'love_it'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

export function feedbackTypeOfStars(stars: number): FeedbackType {
  if (stars <= 2) return 'not_at_all'
  if (stars === 3) return 'its_okay'
  if (stars === 4) return 'a_lot'
  return 'love_it'
}

/* an event's name as the apps hash it: letters, digits and a few separators */
const eventHash = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(128)
    .regex(/^[A-Za-z0-9_.:\-]+$/)

/* api: POST events {event_hash} */
export const eventValidator = vine.create({ event_hash: eventHash() })

/* api: GET events/check?event_hash */
export const eventCheckValidator = vine.create({ event_hash: eventHash() })

/* api: POST app_ratings.json {feedback_type, text, prefix}; text and prefix may be left out */
export const appRatingValidator = vine.create({
  feedback_type: vine.enum(FEEDBACK_TYPES),
  text: vine.string().trim().maxLength(2000).optional(),
  prefix: vine.string().trim().maxLength(100).optional(),
})

/*
 * where on the web a rating was given: stored as the rating's prefix (web_settings, web_onboarding,
 * web_session_complete)
 */
const FEEDBACK_SOURCES = ['settings', 'onboarding', 'session_complete'] as const

/*
 * web: the feedback form gives stars (1-5), mapped as the spec says, and where it was asked (the settings'
 * form when left out)
 */
export const webFeedbackValidator = vine.create({
  stars: vine.number().withoutDecimals().range([1, 5]),
  text: vine.string().trim().maxLength(2000).optional(),
  source: vine.enum(FEEDBACK_SOURCES).optional(),
})
