import vine from '@vinejs/vine'
import { id, ids, INT_MAX, noteBody } from '#validators/content'
import { PRESET_NAMES } from '#scheduling/presets'

const ANSWERS = ['again', 'hard', 'good', 'easy', 'study_again', 'got_it'] as const
/* a UUID as a device makes one (client_review_id) */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const duration = () => vine.number().min(0).max(86_400_000)

/* learn_session_start_timestamp is accepted (the apps send it) but the server keeps its own clock */
export const learningStartValidator = vine.create({
  deck_id: id(),
  learn_session_start_timestamp: vine.any().optional(),
})

export const learningCardsValidator = vine.create({
  deck_id: id(),
  limit: vine.number().withoutDecimals().range([1, 50]).optional(),
  learn_session_start_timestamp: vine.any().optional(),
  /* the cards the client still holds, so a refetch never repeats one */
  exclude_ids: ids().optional(),
})

export const answerValidator = vine.create({
  deck_id: id(),
  card_id: id(),
  answer: vine.enum(ANSWERS),
  review_duration_ms: duration().optional(),
  /*
   * the card's `version` as the session delivered it: the exact protection against stale and repeated answers;
   * optional (the spec's body has none)
   */
  version: vine.number().withoutDecimals().range([0, INT_MAX]).optional(),
})

export const undoValidator = vine.create({ deck_id: id().optional() })

export const offlineReviewsValidator = vine.create({
  reviews: vine
    .array(
      vine.object({
        deck_id: id(),
        card_id: id(),
        answer: vine.enum(ANSWERS),
        reviewed_at: vine.date({ formats: { utc: true } }),
        review_duration_ms: duration().optional(),
        /* the device's own id of the answer: one review per id, whatever the uploads (decision 0095) */
        client_review_id: vine.string().trim().regex(UUID).optional(),
      })
    )
    .minLength(1)
    .maxLength(1000),
})

/* GET decks/{id}/offline: one page of the tree for offline study */
export const offlineDeckValidator = vine.create({
  page: vine.number().withoutDecimals().range([1, 100_000]).optional(),
  per_page: vine.number().withoutDecimals().range([1, 500]).optional(),
})

export const algorithmSettingsValidator = vine.create({
  algorithm_preset: vine.enum(PRESET_NAMES),
  steps_in_minutes: vine.string().trim().maxLength(100).optional(),
  easy_bonus_percent: vine.number().range([-50, 200]).optional(),
  interval_modifier_percent: vine.number().range([-50, 200]).optional(),
  max_interval_minutes: vine
    .number()
    .withoutDecimals()
    .range([0, 100 * 525_600])
    .optional(),
  smart_scheduling: vine.boolean().optional(),
  desired_retention: vine.number().range([0.7, 0.99]).optional(),
  /* Anki's sibling burying (any preset); a field left out keeps the deck's setting */
  bury_new: vine.boolean().optional(),
  bury_reviews: vine.boolean().optional(),
  bury_interday_learning: vine.boolean().optional(),
  confirm_reset: vine.boolean().optional(),
})

/* PUT cards/{id}: edits the card's note in the middle of a session */
export const editCardValidator = vine.create({
  fields: noteBody.fields,
  field_attachments_map: noteBody.field_attachments_map,
  reverse: noteBody.reverse,
  deck_id: id().optional(),
  return_learning_data: vine.boolean().optional(),
})

/*
 * the learning page's calls on a card: the session's deck (a card may sit in one of its subdecks), whose
 * counters come back
 */
export const sessionDeckValidator = vine.create({ deck_id: id().optional() })

/* a card's flag: Anki's 1-7 (red, orange, green, blue, pink, turquoise, purple), 0 for none */
export const flagCardValidator = vine.create({
  flag: vine.number().withoutDecimals().range([0, 7]),
})

/* "move" in a session: the card's note goes to another deck the learner may edit */
export const moveCardValidator = vine.create({
  deck_id: id().optional(),
  destination_deck_id: id(),
})
