import { useEffect, useRef, useState } from 'react'
import type { Data } from '~generated/data'
import { initialState, type SessionEvents } from '~/components/learn/session_state'
import { SessionRunner } from '~/components/learn/session_runner'

export { studiedIn, type Blocked, type SessionEvents, type SessionState } from '~/components/learn/session_state'

/**
 * A learning session on the page: its state, and the learner's moves
 * (SessionRunner holds the background calls; the events say what the page
 * should tell the learner). A page that starts without a card (or with few)
 * asks for more at once.
 */
export function useLearningSession(props: Data.LearningPage, events: SessionEvents) {
  const [state, setState] = useState(() => initialState(props))
  const runner = useRef<SessionRunner | null>(null)
  runner.current ??= new SessionRunner(props.deck.id, state, setState, events)
  runner.current.events = events
  const session = runner.current

  useEffect(() => {
    session.fetchMore()
  }, [])

  const { flip, reveal, answer, undo, freeze, remove, move, replaceCurrent, retry, streakShown } = session
  return { state, flip, reveal, answer, undo, freeze, remove, move, replaceCurrent, retry, streakShown }
}
