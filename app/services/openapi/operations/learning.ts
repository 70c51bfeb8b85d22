/* learning */
import type { Operations } from '#services/openapi/operation'
import {
  algorithmSettingsValidator,
  answerValidator,
  editCardValidator,
  flagCardValidator,
  learningCardsValidator,
  learningStartValidator,
  offlineDeckValidator,
  offlineReviewsValidator,
  undoValidator,
} from '#validators/learning'

export const learningOperations: Operations = {
  'GET /v2/learning/start': {
    summary:
      'Start a session: the first card, its buttons, the next cards, counters, the daily limit',
    description:
      'Start a session (query: deck_id, learn_session_start_timestamp): the first card, its buttons, ' +
      'the next cards, counters, the daily limit. A free learner (or a guest) gets no more cards not yet ' +
      'studied today than the limit leaves (dailyLimit.reached: no more after these); when the limit ' +
      'leaves none to hand out, the answer is the limit refusal an answer would get (402 ' +
      'E_DAILY_LEARNING_LIMIT, 403 E_GUEST_STUDY_LIMIT)',
    query: learningStartValidator,
    ok: { 200: 'LearningStart' },
    errors: [402, 403, 404, 409, 410],
  },
  'GET /v2/learning/cards': {
    summary: 'The next cards',
    description:
      'The next cards (query: deck_id, limit (7), exclude_ids: the cards the client still holds). ' +
      "Within the learner's limit as the start is; with none left to hand out and none held (no " +
      'exclude_ids), 402 E_DAILY_LEARNING_LIMIT (a guest: 403 E_GUEST_STUDY_LIMIT)',
    query: learningCardsValidator,
    ok: { 200: 'LearningBatch' },
    errors: [402, 403, 404, 410],
  },
  'GET /learning/cards': {
    summary: "The older clients' name for v2/learning/cards",
    query: learningCardsValidator,
    ok: { 200: 'LearningBatch' },
    errors: [402, 403, 404, 410],
  },
  'POST /v2/learning/answer': {
    summary: 'Answer a card (a retried answer replays the first result)',
    description:
      "Answer a card. The spec's body (deck_id, card_id, answer, review_duration_ms) answers the card " +
      'as it is now; the same answer arriving again (a network retry, a double tap) replays the first ' +
      'result (replayed: true) and writes no second review. `version`, optional, is the exact ' +
      "protection: an answer naming another version than the card's is replayed when it repeats the " +
      'answer that moved the card, else refused (E_STALE_ANSWER). A card no session hands out (not ' +
      'due: a review after the study day, a learning step past the 20-minute learn-ahead limit) is ' +
      'refused (409 E_CARD_NOT_DUE) and nothing is counted',
    body: answerValidator,
    ok: { 200: 'LearningAnswer' },
    errors: [402, 403, 404, 409, 410],
  },
  'DELETE /learning/undo': {
    summary: 'Undo the latest answer of today; the card comes back as it was',
    description:
      'Undo the latest answer of today (query: deck_id to stay within a deck); the card comes back as ' +
      'it was',
    query: undoValidator,
    ok: { 200: 'LearningUndo' },
    errors: [404, 409, 410],
  },
  'GET /decks/{id}/offline': {
    summary: 'Download a main deck for offline study: one page of its whole tree',
    description:
      "One page (query: page from 1, per_page 1-500, default 200) of a main deck's whole tree for offline " +
      "study, cards by id: each card rendered as the study screen shows it with the learner's progress, " +
      "the settings the scheduler takes (algorithm, FSRS weights, burying, learn-ahead), the learner's " +
      'day and limits, the files the page shows with their sizes (signed links that work without the ' +
      'bearer header), totals and a revision that changes when a note, card or deck of the tree does. ' +
      'Only a main deck with offline_mode_enabled: a subdeck is 422 E_OFFLINE_SUBDECK, offline mode off ' +
      '409 E_OFFLINE_MODE_OFF, an archived deck 409 E_DECK_ARCHIVED, a deck no longer shared 410',
    query: offlineDeckValidator,
    ok: { 200: 'OfflineDeck' },
    errors: [404, 409, 410, 422],
  },
  'POST /learning/log_cards_review': {
    summary: 'Answers given offline, replayed in time order, each recorded once',
    description:
      'Answers given offline, replayed in the order given (reviewed_at). client_review_id (a UUID per ' +
      'answer) makes every upload of an answer after the first a duplicate; without it, the same card and ' +
      "instant is. An answer older than the card's latest one is recorded and the card's schedule worked " +
      'out again from its history in time order (recomputed: true). Answers not applied say why (results, ' +
      'rejected): note_deleted, not_in_deck, deck_archived, deck_unavailable, deck_not_found, ' +
      "invalid_answer, daily_limit, guest_limit (the plan's limits hold per study day as online). cards: " +
      'the cards named, as the server has them now. A batch naming only decks the learner cannot see is a 404',
    body: offlineReviewsValidator,
    ok: { 200: 'OfflineReviews' },
    errors: [404],
  },
  'POST /learning/tutorial_seen': {
    summary: "The learning screen's first-time tutorial was shown",
    ok: { 204: null },
  },
  'PUT /cards/{id}': {
    summary: "Edit the card's note from the learning screen",
    description:
      "Edit the card's note from the learning screen; return_learning_data gives the card as the " +
      'session shows it, else the Note (fields keyed by id)',
    body: editCardValidator,
    ok: { 200: ['Note', 'LearningCardEdited'] },
    errors: [403, 404, 409],
  },
  'DELETE /cards/{id}/suspend': {
    summary: "Remove the card from this learner's study (suspend it)",
    description:
      "Remove the card from this learner's study (suspend it; no payload; query: deck_id for the " +
      'counters). Nothing is deleted: the note, its other cards, the progress and history stay; GET ' +
      'notes shows it (isSuspended) and notes/bulk_action unsuspend brings it back. Suspending twice is ' +
      'fine',
    /* read without a validator (request.input): the deck whose counters the answer carries */
    query: { type: 'object', properties: { deck_id: { type: 'integer', minimum: 1 } } },
    ok: { 200: 'CardRemoved' },
    errors: [404],
  },
  'PUT /cards/{id}/flag': {
    summary: "Set or clear this learner's flag on the card (Anki's flags 1-7)",
    description:
      "Set this learner's flag on a card they may see: 1 red, 2 orange, 3 green, 4 blue, 5 pink, 6 " +
      "turquoise, 7 purple (Anki's colours); 0 clears it. One flag per card; the learning cards carry it " +
      '(flag, 0 for none). A flag marks, it changes nothing of study',
    body: flagCardValidator,
    ok: { 200: 'CardFlag' },
    errors: [404],
  },
  'POST /cards/{id}/bury': {
    summary: "Bury the card: out of this learner's study until their next study day",
    description:
      "Bury the card (Anki's bury, no payload; query: deck_id for the counters): out of this learner's " +
      'study until their next study day starts (their time zone, 4 am), then back by itself. Burying ' +
      'twice is fine. The deck options bury_new, bury_reviews and bury_interday_learning bury siblings ' +
      'after an answer the same way (the answer lists them in buriedCardIds)',
    query: { type: 'object', properties: { deck_id: { type: 'integer', minimum: 1 } } },
    ok: { 200: 'CardBuried' },
    errors: [404],
  },
  'GET /cards/{id}/stats': {
    summary: 'The card sheet: its progress, memory, next review and history',
    description:
      'The card sheet: created, ease or FSRS memory, interval, next review, status, reviews, average ' +
      'time, history',
    ok: { 200: 'CardStats' },
    errors: [404],
  },
  'GET /algorithm_settings/{deckId}': {
    summary: "The algorithm of the deck's root",
    ok: { 200: 'AlgorithmSettings' },
    errors: [404, 410],
  },
  'PUT /algorithm_settings/{deckId}': {
    summary: 'Set the algorithm on a root deck',
    description:
      "Set the algorithm on a root deck. Switching study mode resets every learner's progress on the " +
      'tree: when there is any, it needs confirm_reset (409 E_ALGORITHM_RESET_CONFIRMATION otherwise); ' +
      "with none, no confirmation is asked. bury_new, bury_reviews, bury_interday_learning: Anki's " +
      'sibling burying (off by default; for any preset; a field left out keeps the setting): answering a ' +
      "card buries its note's other cards of those kinds until the learner's next study day",
    body: algorithmSettingsValidator,
    ok: { 200: 'AlgorithmSettings' },
    errors: [402, 403, 404, 409, 410],
  },
  'GET /health': {
    summary: 'Liveness: the process answers (nothing touched)',
    ok: { 200: 'Health' },
  },
  'GET /ready': {
    summary: 'Readiness: PostgreSQL answers, and Redis when configured (each within 2 s)',
    ok: { 200: 'Ready' },
    errors: [503],
  },
}
