/*
| Studying in the OpenAPI document: learning sessions, answers, undo, offline
| answers, the card sheet and algorithm settings.
*/
import { entity, error, listOf, obj, op, ref, str, unprocessable } from '#services/openapi/schema'

const int = { type: 'integer' }
const bool = { type: 'boolean' }
const num = { type: 'number' }
const auth = true
const nullable = (type: string) => ({ type: [type, 'null'] })
const notFound = { '404': error('Not found, or not yours') }
const forbidden = { '403': error('Your role on this shared deck does not allow it (E_FORBIDDEN)') }
const counters = obj({ new: int, learning: int, graduated: int })
const answerEnum = str({ enum: ['again', 'hard', 'good', 'easy', 'study_again', 'got_it'] })
const limits = {
  '402': error('E_DAILY_LEARNING_LIMIT: the free daily learning limit (show the paywall)'),
  '403': error('E_GUEST_STUDY_LIMIT: a guest studied 500 cards (offer sign-up)'),
}
const session = {
  cards: { type: 'array', items: ref('LearningCard') },
  topCounters: counters,
  errorType: { type: ['string', 'null'], enum: ['emptyDeck', 'allCardsLearned', null] },
  sharedDeckEmpty: { ...bool, description: 'emptyDeck on a deck someone shares with the learner (the spec\'s "shared deck empty")' },
  nextCardAppearsAt: nullable('string'),
  algorithmType: str({ enum: ['spacedRepetition', 'speedLearning'] }),
  scheduler: str({ enum: ['sm2', 'fsrs'] }),
  isUndoActionAvailable: bool,
}
const settings = obj({
  deckId: int, rootDeckId: int, editable: bool, algorithmPreset: str(), algorithmType: str(), stepsInMinutes: str(),
  easyBonusPercent: num, intervalModifierPercent: num, maxIntervalMinutes: int, smartScheduling: bool, desiredRetention: num,
  newCardsPerDay: nullable('integer'), maxCardsPerDay: nullable('integer'),
})

export const learningSchemas = {
  LearningCard: entity({
    id: int, noteId: int, deckId: int, ord: int, label: ref('CardLabel'), front: str(), back: str(), css: str(),
    typeIn: { type: ['object', 'null'], properties: { field: str(), expected: str() }, required: ['field', 'expected'] },
    tts: { type: ['object', 'null'], description: 'the deck\'s text-to-speech when on: autoplay and the sides\' languages', properties: { autoplay: { type: 'boolean' }, frontLanguage: { type: ['string', 'null'] }, backLanguage: { type: ['string', 'null'] } }, required: ['autoplay', 'frontLanguage', 'backLanguage'] },
    state: str(), isFrozen: bool, version: { ...int, description: 'the progress version an answer may name' }, reps: int, lapses: int, dueAt: nullable('string'),
    answerButtons: listOf(ref('AnswerButton')),
  }),
  AnswerButton: entity({ type: answerEnum, repeatText: nullable('string'), delaySeconds: num }),
}

export const learningPaths = {
  '/health': { get: op('Liveness: the process answers (nothing touched)', { ok: [200, obj({ status: str({ const: 'ok' }) })] }) },
  '/ready': {
    get: op('Readiness: PostgreSQL answers, and Redis when configured (each within 2 s)', {
      ok: [200, obj({ status: str({ const: 'ready' }) })],
      extra: { '503': error('E_NOT_READY: `unreachable` names what did not answer (database, redis, or both)') },
    }),
  },
  '/v2/learning/start': {
    get: op('Start a session (query: deck_id, learn_session_start_timestamp): the first card, its buttons, the next cards, counters, the daily limit', {
      auth, ok: [200, obj({ deck: entity({ id: int, name: str(), rootDeckId: int }), card: { oneOf: [ref('LearningCard'), { type: 'null' }] }, answerButtons: listOf(ref('AnswerButton')), ...session, dailyLimit: entity({ limit: nullable('integer'), studiedToday: int, reached: bool, kind: nullable('string') }), tutorialSeen: bool, cardAppearance: ref('CardAppearance') })],
      extra: { ...notFound, '409': error('E_DECK_ARCHIVED') },
    }),
  },
  '/v2/learning/cards': {
    get: op('The next cards (query: deck_id, limit (7), exclude_ids: the cards the client still holds)', { auth, ok: [200, obj(session)], extra: notFound }),
  },
  '/learning/cards': {
    get: op('The older clients\' name for v2/learning/cards', { auth, ok: [200, obj(session)], extra: notFound }),
  },
  '/v2/learning/answer': {
    post: op('Answer a card. The spec\'s body (deck_id, card_id, answer, review_duration_ms) answers the card as it is now; the same answer arriving again (a network retry, a double tap) replays the first result (replayed: true) and writes no second review. `version`, optional, is the exact protection: an answer naming another version than the card\'s is replayed when it repeats the answer that moved the card, else refused (E_STALE_ANSWER)', {
      auth,
      body: obj({
        deck_id: int, card_id: int, answer: answerEnum,
        review_duration_ms: { ...int, description: 'How long the card was shown before the answer. Without version it also tells a retry (the same duration again) from a new showing' },
        version: { ...int, description: 'Optional: the card\'s version as the session delivered it' },
      }, ['deck_id', 'card_id', 'answer']),
      ok: [200, entity({ card: entity({ id: int, state: str(), version: int, dueAt: nullable('string'), isFrozen: bool }), answer: answerEnum, leech: bool, replayed: bool, topCounters: counters, isUndoActionAvailable: bool, streak: ref('Streak') })],
      extra: { ...notFound, ...limits, '409': error('E_STALE_ANSWER, E_CARD_FROZEN, E_CARD_SUSPENDED (removed from study), E_DECK_ARCHIVED') },
    }),
  },
  '/learning/undo': {
    delete: op('Undo the latest answer of today (query: deck_id to stay within a deck); the card comes back as it was', {
      auth, ok: [200, entity({ card: ref('LearningCard'), answerButtons: listOf(ref('AnswerButton')), topCounters: counters, isUndoActionAvailable: bool, algorithmType: str() })],
      extra: { '409': error('E_NOTHING_TO_UNDO') },
    }),
  },
  '/learning/log_cards_review': {
    post: op('Answers given offline, replayed in order; the same batch twice is recorded once', {
      auth,
      body: obj({ reviews: { type: 'array', items: obj({ deck_id: int, card_id: int, answer: answerEnum, reviewed_at: str({ format: 'date-time' }), review_duration_ms: int }, ['deck_id', 'card_id', 'answer', 'reviewed_at']) } }, ['reviews']),
      ok: [200, obj({ accepted: int, duplicates: int, rejected: { type: 'array', items: obj({ cardId: int, reviewedAt: str(), reason: str() }) } })],
      extra: notFound,
    }),
  },
  '/learning/tutorial_seen': { post: op('The learning screen\'s first-time tutorial was shown', { auth, ok: [204, null] }) },
  '/cards/{id}': {
    put: op('Edit the card\'s note from the learning screen; return_learning_data gives the card as the session shows it, else the Note (fields keyed by id)', {
      auth, params: ['id'],
      body: obj({
        deck_id: int,
        fields: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: 'Keyed by field id (GET decks: templates[].fields[].id) or title' },
        field_attachments_map: { type: ['object', 'null'], description: 'Keyed like fields; null keeps the note\'s masks' },
        reverse: bool, return_learning_data: bool,
      }, ['fields']),
      ok: [200, { oneOf: [ref('Note'), obj({ card: ref('LearningCard'), answerButtons: listOf(ref('AnswerButton')) })] }],
      extra: { ...notFound, ...forbidden, '409': error('E_DECK_ARCHIVED, E_DECK_PROCESSING') },
    }),
  },
  '/cards/{id}/suspend': {
    delete: op('Remove the card from this learner\'s study (suspend it; no payload; query: deck_id for the counters). Nothing is deleted: the note, its other cards, the progress and history stay; GET notes shows it (isSuspended) and notes/bulk_action unsuspend brings it back. Suspending twice is fine', {
      auth, params: ['id'],
      ok: [200, obj({ cardId: int, noteId: int, deckId: int, suspended: bool, removedCardIds: { type: 'array', items: int }, topCounters: counters })],
      extra: notFound,
    }),
  },
  '/cards/{id}/stats': {
    get: op('The card sheet: created, ease or FSRS memory, interval, next review, status, reviews, average time, history', {
      auth, params: ['id'],
      ok: [200, entity({
        cardId: int, noteId: int, deckId: int, createdAt: str(), status: str(), state: str(), isSuspended: bool,
        ease: nullable('number'), difficulty: nullable('number'), stability: nullable('number'),
        intervalDays: num, nextReviewAt: nullable('string'), lastReviewedAt: nullable('string'), reviewsCount: int, lapses: int,
        averageReviewTimeMs: nullable('integer'), totalReviewTimeMs: int,
        history: listOf(entity({
          reviewedAt: str(), answer: answerEnum, kind: str(), intervalDays: nullable('number'), ease: nullable('number'),
          stability: nullable('number'), difficulty: nullable('number'), durationMs: nullable('integer'),
        })),
      })],
      extra: notFound,
    }),
  },
  '/algorithm_settings/{deckId}': {
    get: op('The algorithm of the deck\'s root', { auth, params: ['deckId'], ok: [200, settings], extra: notFound }),
    put: op('Set the algorithm on a root deck. Switching study mode resets every learner\'s progress on the tree: when there is any, it needs confirm_reset (409 E_ALGORITHM_RESET_CONFIRMATION otherwise); with none, no confirmation is asked', {
      auth, params: ['deckId'],
      body: obj({ algorithm_preset: str({ enum: ['general', 'languages', 'medical', 'speed_learning', 'custom'] }), steps_in_minutes: str(), easy_bonus_percent: num, interval_modifier_percent: num, max_interval_minutes: int, smart_scheduling: bool, desired_retention: num, confirm_reset: bool }, ['algorithm_preset']),
      ok: [200, settings],
      extra: { ...notFound, ...forbidden, '402': error('E_PREMIUM_REQUIRED (smart scheduling)'), '409': error('E_ALGORITHM_RESET_CONFIRMATION, E_DECK_ARCHIVED'), '422': unprocessable('E_ALGORITHM_ON_ROOT_ONLY, invalid steps') },
    }),
  },
}
