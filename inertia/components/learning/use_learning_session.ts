import { useEffect, useLayoutEffect, useState } from 'react'
import type { Data } from '~generated/data'
import { initialState, type SessionEvents } from '~/components/learning/session_state'
import { SessionRunner } from '~/components/learning/session_runner'

export {
  studiedIn,
  type Blocked,
  type SessionEvents,
  type SessionState,
} from '~/components/learning/session_state'

/**
 * A learning session on the page: its state, and the learner's moves
 * (SessionRunner holds the background calls; the events say what the page
 * should tell the learner). A page that starts without a card (or with few)
 * asks for more at once.
 */
export function useLearningSession(props: Data.LearningPage, events: SessionEvents) {
  const [state, setState] = useState(() => initialState(props))
  /* one runner for the page's life, created with the first state */
  const [session] = useState(() => new SessionRunner(props.deck.id, state, setState, events))
  useLayoutEffect(() => session.listen(events), [session, events])

  useEffect(() => {
    session.fetchMore()
  }, [session])

  const { flip, reveal, answer, undo, freeze, remove, bury, flag, move } = session
  const { replaceCurrent, retry, streakShown } = session
  return {
    bury,
    flag,
    state,
    flip,
    reveal,
    answer,
    undo,
    freeze,
    remove,
    move,
    replaceCurrent,
    retry,
    streakShown,
  }
}
