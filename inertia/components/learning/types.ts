/*
 * The learning page's shapes, typed from the replies of the routes that send
 * them (lib/routes: ReplyOf), so a change on the server breaks the page's
 * typecheck rather than the page. The page's own props are the apps' start
 * call (the same action) with the learner's streak.
 */
import type { ReplyOf } from '~/lib/routes'
import type { StreakFields } from '~/components/study/types'
import type { FeedbackRequest } from '#types/study'

/** GET /learn/:deckId/cards */
export type CardsBatch = ReplyOf<'learn.cards'>
export type LearningCard = CardsBatch['cards'][number]
export type AnswerButton = LearningCard['answerButtons'][number]
export type AnswerType = AnswerButton['type']
export type AlgorithmType = CardsBatch['algorithmType']
export type TopCounters = CardsBatch['topCounters']
export type ErrorType = CardsBatch['errorType']

/** POST /learn/:deckId/answer */
export type AnswerResponse = ReplyOf<'learn.answer'>

/** DELETE /learn/:deckId/undo */
export type UndoResponse = ReplyOf<'learn.undo'>

/**
 * GET /decks/:id/learn: the first batch and what the page needs around it, as the apps' learning/start answers
 * it (the same action), with the streak and the feedback request's state
 */
export type SessionProps = ReplyOf<'api.learning.start'> & { streak: StreakFields; feedbackRequest: FeedbackRequest }

/** GET /learn/cards/:id/fields: the note as the notes editor opens it */
export type CardFields = ReplyOf<'learn.cards.fields'>

/** GET /learn/cards/:id/stats */
export type CardStats = ReplyOf<'learn.cards.stats'>

/** PUT /learn/cards/:id: the edited card as the session shows it */
export type EditedCard = ReplyOf<'learn.cards.update'>

/** POST /learn/cards/:id/move: the note and its cards on their way to another deck */
export type MoveResponse = ReplyOf<'learn.cards.move'>

/** POST /learn/cards/:id/freeze and DELETE /learn/cards/:id: the session's counters after */
export type DropResponse = ReplyOf<'learn.cards.freeze'> & ReplyOf<'learn.cards.destroy'>
