import { useCallback, useEffect, useRef, useState } from 'react'
import { HttpError, requestJson } from '~/lib/http'
import type { StreakFields } from '~/components/study/types'
import type {
  AnswerResponse, AnswerType, CardsBatch, DropResponse, ErrorType, LearningCard, SessionProps, TopCounters, UndoResponse,
} from '~/components/learn/types'
import { urlFor } from '~/lib/routes'

/* spec: refetch when fewer than this many cards remain (the server sends 7 per fetch) */
export const REFETCH_BELOW = 4
/* the answer validator's ceiling for review_duration_ms */
const MAX_DURATION_MS = 86_400_000

export type Blocked = { kind: 'paywall' | 'guest'; title: string; body: string }

export type SessionState = {
  current: LearningCard | null
  /** the prefetched cards after the current one */
  queue: LearningCard[]
  side: 'front' | 'back'
  /** the back has been shown once: the answer buttons work from then on */
  revealed: boolean
  counters: TopCounters
  undoAvailable: boolean
  /** the learning-complete or empty-deck screen */
  finished: { errorType: Exclude<ErrorType, null>; nextCardAppearsAt: string | null } | null
  /** answers given in this visit to each card, less those undone or refused: the cards studied are its keys */
  answers: Record<number, number>
  blocked: Blocked | null
  /** nothing to show and the next cards could not be loaded */
  loadFailed: boolean
  streak: StreakFields
}

export type SessionEvents = {
  leech: () => void
  failed: (error: unknown) => void
  nothingToUndo: (message: string) => void
  frozen: () => void
  removed: () => void
}

function initialState(props: SessionProps): SessionState {
  const [first = null, ...rest] = props.cards
  return {
    current: first,
    queue: rest,
    side: 'front',
    revealed: false,
    counters: props.topCounters,
    undoAvailable: props.isUndoActionAvailable,
    finished: props.errorType && !first ? { errorType: props.errorType, nextCardAppearsAt: props.nextCardAppearsAt } : null,
    answers: {},
    blocked: null,
    loadFailed: false,
    streak: props.streak,
  }
}

/** One more (or one less) answer to a card; a card with none left was not studied in this visit. */
function countAnswer(answers: Record<number, number>, cardId: number, change: 1 | -1) {
  const count = (answers[cardId] ?? 0) + change
  const { [cardId]: _, ...others } = answers
  return count > 0 ? { ...others, [cardId]: count } : others
}

/** Distinct cards studied, and answers given, in this visit. */
export function studiedIn(state: Pick<SessionState, 'answers'>) {
  const counts = Object.values(state.answers)
  return { cards: counts.length, answers: counts.reduce((sum, count) => sum + count, 0) }
}

const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : 0)

/**
 * A learning session on the page. The screen never waits for the network to
 * move on: cards are prefetched, and answers, freezes and removals are sent
 * in the background, one after the other (an undo then always takes back the
 * answer given last). A refetch names every card the page still holds or is
 * still answering, so the server never sends one twice.
 */
export function useLearningSession(props: SessionProps, events: SessionEvents) {
  const deckId = props.deck.id
  const [state, setState] = useState(() => initialState(props))
  /* the latest state for the background calls; every change goes through update() */
  const latest = useRef(state)
  const update = useCallback((change: (previous: SessionState) => SessionState) => {
    latest.current = change(latest.current)
    setState(latest.current)
  }, [])
  const eventsRef = useRef(events)
  eventsRef.current = events

  const chain = useRef<Promise<unknown>>(Promise.resolve())
  /** runs the server calls one after the other, in the order the learner made them */
  const serial = <T>(call: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(call)
    chain.current = run.catch(() => {})
    return run
  }

  const pendingAnswers = useRef(new Set<number>())
  const answersSent = useRef(0)
  const fetching = useRef(false)
  /* the last fetch found nothing new: no need to ask again until the page runs out */
  const exhausted = useRef(false)
  const emptyRetries = useRef(0)
  /* notes frozen or cards removed here: a fetch that crossed the request must not bring them back */
  const droppedNotes = useRef(new Set<number>())
  const droppedCards = useRef(new Set<number>())
  const undoing = useRef(false)
  const shownAt = useRef(Date.now())

  const heldIds = (s: SessionState) => [...(s.current ? [s.current.id] : []), ...s.queue.map((card) => card.id)]

  const show = (s: SessionState, next: LearningCard | null, queue: LearningCard[]): SessionState => {
    shownAt.current = Date.now()
    return { ...s, current: next, queue, side: 'front', revealed: false }
  }

  const fetchMore = () => {
    const s = latest.current
    if (fetching.current || s.blocked || s.finished) return
    const held = heldIds(s).length
    if (held >= REFETCH_BELOW || (exhausted.current && held > 0)) return
    fetching.current = true
    let sentAfter = 0
    let pendingAtSend = 0
    serial(() => {
      const now = latest.current
      sentAfter = answersSent.current
      pendingAtSend = pendingAnswers.current.size
      const exclude = [...new Set([...heldIds(now), ...pendingAnswers.current])]
      const qs = exclude.length ? { exclude_ids: exclude.join(',') } : undefined
      return requestJson<CardsBatch>(urlFor('learn.cards', { deckId }, { qs }))
    })
      .then((batch) => {
        fetching.current = false
        const s = latest.current
        const held = new Set(heldIds(s))
        const fresh = batch.cards.filter(
          (card) => !held.has(card.id) && !pendingAnswers.current.has(card.id) && !droppedNotes.current.has(card.noteId) && !droppedCards.current.has(card.id)
        )
        const nothingShown = !s.current && !s.queue.length
        if (fresh.length) {
          exhausted.current = false
          emptyRetries.current = 0
          update((previous) => {
            const withCounters = { ...previous, counters: batch.topCounters, loadFailed: false }
            return previous.current
              ? { ...withCounters, queue: [...previous.queue, ...fresh] }
              : show(withCounters, fresh[0], [...previous.queue, ...fresh.slice(1)])
          })
          return
        }
        exhausted.current = true
        if (!nothingShown) return
        /* answers given while this fetch was out may bring a learning card back: ask once more */
        const answeredSince = answersSent.current !== sentAfter || pendingAtSend > 0 || pendingAnswers.current.size > 0
        if ((answeredSince || batch.cards.length > 0) && emptyRetries.current < 3) {
          emptyRetries.current++
          exhausted.current = false
          fetchMore()
          return
        }
        update((previous) => ({
          ...previous,
          counters: batch.topCounters,
          finished: { errorType: batch.errorType ?? 'allCardsLearned', nextCardAppearsAt: batch.nextCardAppearsAt },
        }))
      })
      .catch(() => {
        fetching.current = false
        /* with cards still to show, the next move tries again; with none, the page offers a retry */
        if (!latest.current.current) update((previous) => ({ ...previous, loadFailed: true }))
      })
  }

  const advance = () => {
    update((s) => {
      const [next = null, ...rest] = s.queue
      return show(s, next, rest)
    })
    fetchMore()
  }

  /* a page that starts without a card (or with few) asks for more at once */
  useEffect(() => {
    fetchMore()
  }, [])

  const flip = useCallback(() => {
    update((s) => (s.current ? { ...s, side: s.side === 'front' ? 'back' : 'front', revealed: true } : s))
  }, [])

  const reveal = useCallback(() => {
    update((s) => (s.current ? { ...s, side: 'back', revealed: true } : s))
  }, [])

  const answer = useCallback((type: AnswerType) => {
    const s = latest.current
    const card = s.current
    if (!card || !s.revealed || s.blocked || !card.answerButtons.some((button) => button.type === type)) return
    const durationMs = Math.min(MAX_DURATION_MS, Math.max(0, Date.now() - shownAt.current))
    pendingAnswers.current.add(card.id)
    answersSent.current++
    update((previous) => ({ ...previous, answers: countAnswer(previous.answers, card.id, 1), undoAvailable: true }))
    advance()
    serial(() =>
      requestJson<AnswerResponse>(urlFor('learn.answer', { deckId }), {
        method: 'POST',
        json: { card_id: card.id, answer: type, version: card.version, review_duration_ms: durationMs },
      })
    )
      .then((result) => {
        pendingAnswers.current.delete(card.id)
        update((previous) => ({
          ...previous,
          counters: result.topCounters,
          undoAvailable: result.isUndoActionAvailable || pendingAnswers.current.size > 0,
          streak: result.streak,
        }))
        if (result.leech) eventsRef.current.leech()
      })
      .catch((error) => {
        pendingAnswers.current.delete(card.id)
        const status = statusOf(error)
        update((previous) => ({ ...previous, answers: countAnswer(previous.answers, card.id, -1) }))
        /* answered or changed elsewhere (or frozen meanwhile): this answer no longer applies, the session goes on */
        if (status === 409) return
        if ((status === 402 || status === 403) && error instanceof HttpError) {
          update((previous) => ({
            ...previous,
            blocked: { kind: status === 402 ? 'paywall' : 'guest', title: error.title ?? error.message, body: error.message },
          }))
          return
        }
        /* not saved (offline, server error): the card is asked again later in the session */
        update((previous) =>
          heldIds(previous).includes(card.id) || previous.finished ? previous : { ...previous, queue: [...previous.queue, card] }
        )
        if (!latest.current.current) advance()
        eventsRef.current.failed(error)
      })
  }, [])

  const undo = useCallback(() => {
    const s = latest.current
    /* after a limit the session has stopped */
    if (!s.undoAvailable || undoing.current || s.blocked) return
    undoing.current = true
    serial(() => requestJson<UndoResponse>(urlFor('learn.undo', { deckId }), { method: 'DELETE' }))
      .then((result) => {
        const card = result.card
        exhausted.current = false
        update((previous) => {
          const next = { ...previous, counters: result.topCounters, undoAvailable: result.isUndoActionAvailable }
          if (!card) return next
          const answers = countAnswer(previous.answers, card.id, -1)
          /* the card shown goes back to the front of the queue; the card undone is shown again */
          const queue = [...(previous.current ? [previous.current] : []), ...previous.queue].filter((item) => item.id !== card.id)
          return { ...show(next, card, queue), answers, finished: null, loadFailed: false }
        })
      })
      .catch((error) => {
        if (error instanceof HttpError && error.code === 'E_NOTHING_TO_UNDO') {
          update((previous) => ({ ...previous, undoAvailable: false }))
          eventsRef.current.nothingToUndo(error.title ?? error.message)
        } else {
          eventsRef.current.failed(error)
        }
      })
      .finally(() => {
        undoing.current = false
      })
  }, [])

  /**
   * Freeze (the whole note, `note`) or remove (this card only: it is suspended,
   * its sibling cards stay in study) leaves the session at once; the server is
   * told in the background.
   */
  const dropCurrent = (method: 'POST' | 'DELETE', path: string, done: () => void, scope: 'note' | 'card' = 'note') => {
    const card = latest.current.current
    if (!card) return
    if (scope === 'note') droppedNotes.current.add(card.noteId)
    else droppedCards.current.add(card.id)
    const leaves = (item: LearningCard) => (scope === 'note' ? item.noteId === card.noteId : item.id === card.id)
    update((s) => ({ ...s, queue: s.queue.filter((item) => !leaves(item)) }))
    advance()
    serial(() => requestJson<DropResponse>(path, { method, json: { deck_id: deckId } }))
      .then((result) => {
        update((s) => ({ ...s, counters: result.topCounters }))
        done()
      })
      .catch((error) => eventsRef.current.failed(error))
  }

  const freeze = useCallback(() => {
    const card = latest.current.current
    if (card) dropCurrent('POST', urlFor('learn.cards.freeze', { id: card.id }), () => eventsRef.current.frozen())
  }, [])

  const remove = useCallback(() => {
    const card = latest.current.current
    if (card) dropCurrent('DELETE', urlFor('learn.cards.destroy', { id: card.id }), () => eventsRef.current.removed(), 'card')
  }, [])

  /** The edited card, as the server re-rendered it, takes the current one's place. */
  const replaceCurrent = useCallback((card: LearningCard | null) => {
    if (!card) return advance()
    update((s) => ({
      ...s,
      current: s.current?.id === card.id ? card : s.current,
      queue: s.queue.map((item) => (item.id === card.id ? card : item)),
    }))
  }, [])

  const retry = useCallback(() => {
    update((s) => ({ ...s, loadFailed: false }))
    exhausted.current = false
    fetchMore()
  }, [])

  const streakShown = useCallback(() => {
    update((s) => ({ ...s, streak: { ...s.streak, todayShown: true } }))
  }, [])

  return { state, flip, reveal, answer, undo, freeze, remove, replaceCurrent, retry, streakShown }
}
