import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { FeedbackRequest } from '#types/study'

/*
 * The feedback request (spec 000 §4: hidden or visible). The end of a study
 * session asks how Mnemo works for the learner once they have had
 * FEEDBACK_REQUEST_AFTER_DAYS active days (the session that makes the third
 * one active asks already), and never again once they answered or dismissed
 * it: the state is on their row, so it holds on every browser and device.
 */
const FEEDBACK_REQUEST_AFTER_DAYS = 3

/**
 * What the learning page needs: whether the request is still open, and after
 * how many active days it shows (the page compares them with the session's
 * streak as it stands when the session ends).
 */
export function feedbackRequestOf(user: Pick<User, 'feedbackRequestState'>): FeedbackRequest {
  return {
    open: user.feedbackRequestState === 'pending',
    afterActiveDays: FEEDBACK_REQUEST_AFTER_DAYS,
  }
}

/** Closes the request for good; the first close wins (a dismissal after an answer changes nothing). */
export async function closeFeedbackRequest(user: User, input: { how: 'answered' | 'dismissed' }) {
  const { how } = input
  await db
    .from('users')
    .where('id', user.id)
    .where('feedback_request_state', 'pending')
    .update({ feedback_request_state: how, feedback_request_closed_at: new Date() })
  user.feedbackRequestState =
    user.feedbackRequestState === 'pending' ? how : user.feedbackRequestState
}
