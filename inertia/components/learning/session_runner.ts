import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'
import {
  MAX_DURATION_MS,
  REFETCH_BELOW,
  blockedBy,
  countAnswer,
  heldIds,
  statusOf,
  type SessionEvents,
  type SessionState,
} from '~/components/learning/session_state'

type LearningCard = Data.LearningCard
type AnswerType = LearningCard['answerButtons'][number]['type']
/* POST /learn/cards/:id/freeze, DELETE /learn/cards/:id and POST .../bury: the session's counters after */
type DropResponse = Pick<Data.LearningCardRemoved, 'topCounters'>

/**
 * A learning session's moves and its talk with the server, outside React's
 * renders: the screen never waits for the network to move on. Cards are
 * prefetched, and answers, freezes and removals are sent in the background,
 * one after the other (an undo then always takes back the answer given
 * last). A refetch names every card the page still holds or is still
 * answering, so the server never sends one twice. Every change of the state
 * goes through update(), which hands it to the page.
 */
export class SessionRunner {
  private chain: Promise<unknown> = Promise.resolve()
  private pendingAnswers = new Set<number>()
  private answersSent = 0
  private fetching = false
  /* the last fetch found nothing new: no need to ask again until the page runs out */
  private exhausted = false
  private emptyRetries = 0
  /* notes frozen or cards removed here: a fetch that crossed the request must not bring them back */
  private droppedNotes = new Set<number>()
  private droppedCards = new Set<number>()
  private undoing = false
  private shownAt = Date.now()

  constructor(
    private readonly deckId: number,
    /** the latest state, for the background calls */
    private state: SessionState,
    private readonly publish: (state: SessionState) => void,
    public events: SessionEvents
  ) {}

  /** the page's latest handlers, handed over after each render commits */
  listen(events: SessionEvents) {
    this.events = events
  }

  private update(change: (previous: SessionState) => SessionState) {
    this.state = change(this.state)
    this.publish(this.state)
  }

  /** runs the server calls one after the other, in the order the learner made them */
  private serial<T>(call: () => Promise<T>): Promise<T> {
    const run = this.chain.then(call)
    this.chain = run.catch(() => {})
    return run
  }

  private show(s: SessionState, next: LearningCard | null, queue: LearningCard[]): SessionState {
    this.shownAt = Date.now()
    return { ...s, current: next, queue, side: 'front', revealed: false }
  }

  fetchMore = () => {
    const s = this.state
    if (this.fetching || s.blocked || s.finished) return
    const held = heldIds(s).length
    if (held >= REFETCH_BELOW || (this.exhausted && held > 0)) return
    this.fetching = true
    let sentAfter = 0
    let pendingAtSend = 0
    this.serial(() => {
      sentAfter = this.answersSent
      pendingAtSend = this.pendingAnswers.size
      const exclude = [...new Set([...heldIds(this.state), ...this.pendingAnswers])]
      const qs = exclude.length ? { exclude_ids: exclude.join(',') } : undefined
      return requestJson<Data.LearningBatch>(urlFor('learn.cards', { deckId: this.deckId }, { qs }))
    })
      .then((batch) => this.received(batch, sentAfter, pendingAtSend))
      .catch((error) => {
        this.fetching = false
        /* the limit left no card to hand out (the server refuses only when the page holds none) */
        const status = statusOf(error)
        if ((status === 402 || status === 403) && error instanceof HttpError) {
          this.update((previous) => ({ ...previous, blocked: blockedBy(status, error) }))
          return
        }
        /* with cards still to show, the next move tries again; with none, the page offers a retry */
        if (!this.state.current) this.update((previous) => ({ ...previous, loadFailed: true }))
      })
  }

  private received(batch: Data.LearningBatch, sentAfter: number, pendingAtSend: number) {
    this.fetching = false
    const s = this.state
    const held = new Set(heldIds(s))
    const fresh = batch.cards.filter(
      (card) =>
        !held.has(card.id) &&
        !this.pendingAnswers.has(card.id) &&
        !this.droppedNotes.has(card.noteId) &&
        !this.droppedCards.has(card.id)
    )
    const nothingShown = !s.current && !s.queue.length
    if (fresh.length) {
      this.exhausted = false
      this.emptyRetries = 0
      this.update((previous) => {
        const withCounters = { ...previous, counters: batch.topCounters, loadFailed: false }
        return previous.current
          ? { ...withCounters, queue: [...previous.queue, ...fresh] }
          : this.show(withCounters, fresh[0], [...previous.queue, ...fresh.slice(1)])
      })
      return
    }
    this.exhausted = true
    if (!nothingShown) return
    /* answers given while this fetch was out may bring a learning card back: ask once more */
    const answeredSince =
      this.answersSent !== sentAfter || pendingAtSend > 0 || this.pendingAnswers.size > 0
    if ((answeredSince || batch.cards.length > 0) && this.emptyRetries < 3) {
      this.emptyRetries++
      this.exhausted = false
      this.fetchMore()
      return
    }
    this.update((previous) => ({
      ...previous,
      counters: batch.topCounters,
      finished: {
        errorType: batch.errorType ?? 'allCardsLearned',
        nextCardAppearsAt: batch.nextCardAppearsAt,
      },
    }))
  }

  private advance() {
    this.update((s) => {
      const [next = null, ...rest] = s.queue
      return this.show(s, next, rest)
    })
    this.fetchMore()
  }

  flip = () => {
    this.update((s) =>
      s.current ? { ...s, side: s.side === 'front' ? 'back' : 'front', revealed: true } : s
    )
  }

  reveal = () => {
    this.update((s) => (s.current ? { ...s, side: 'back', revealed: true } : s))
  }

  answer = (type: AnswerType) => {
    const s = this.state
    const card = s.current
    if (
      !card ||
      !s.revealed ||
      s.blocked ||
      !card.answerButtons.some((button) => button.type === type)
    )
      return
    const durationMs = Math.min(MAX_DURATION_MS, Math.max(0, Date.now() - this.shownAt))
    this.pendingAnswers.add(card.id)
    this.answersSent++
    this.update((previous) => ({
      ...previous,
      answers: countAnswer(previous.answers, card.id, 1),
      undoAvailable: true,
    }))
    this.advance()
    this.serial(() =>
      requestJson<Data.LearningAnswer>(urlFor('learn.answer', { deckId: this.deckId }), {
        method: 'POST',
        json: {
          card_id: card.id,
          answer: type,
          version: card.version,
          review_duration_ms: durationMs,
        },
      })
    )
      .then((result) => {
        this.pendingAnswers.delete(card.id)
        /* the siblings the answer buried (the deck's burying options) leave the session until tomorrow */
        const buried = new Set(result.buriedCardIds)
        for (const id of buried) this.droppedCards.add(id)
        this.update((previous) => ({
          ...previous,
          queue: buried.size
            ? previous.queue.filter((item) => !buried.has(item.id))
            : previous.queue,
          counters: result.topCounters,
          undoAvailable: result.isUndoActionAvailable || this.pendingAnswers.size > 0,
          streak: result.streak,
        }))
        if (result.leech) this.events.leech()
      })
      .catch((error) => this.answerRefused(card, error))
  }

  private answerRefused(card: LearningCard, error: unknown) {
    this.pendingAnswers.delete(card.id)
    const status = statusOf(error)
    this.update((previous) => ({
      ...previous,
      answers: countAnswer(previous.answers, card.id, -1),
    }))
    /* answered or changed elsewhere (or frozen meanwhile): this answer no longer applies, the session goes on */
    if (status === 409) return
    if ((status === 402 || status === 403) && error instanceof HttpError) {
      this.update((previous) => ({ ...previous, blocked: blockedBy(status, error) }))
      return
    }
    /* not saved (offline, server error): the card is asked again later in the session */
    this.update((previous) =>
      heldIds(previous).includes(card.id) || previous.finished
        ? previous
        : { ...previous, queue: [...previous.queue, card] }
    )
    if (!this.state.current) this.advance()
    this.events.failed(error)
  }

  undo = () => {
    const s = this.state
    /* after a limit the session has stopped */
    if (!s.undoAvailable || this.undoing || s.blocked) return
    this.undoing = true
    this.serial(() =>
      requestJson<Data.LearningUndo>(urlFor('learn.undo', { deckId: this.deckId }), {
        method: 'DELETE',
      })
    )
      .then((result) => {
        const card = result.card
        this.exhausted = false
        this.update((previous) => {
          const next = {
            ...previous,
            counters: result.topCounters,
            undoAvailable: result.isUndoActionAvailable,
          }
          if (!card) return next
          const answers = countAnswer(previous.answers, card.id, -1)
          /* the card shown goes back to the front of the queue; the card undone is shown again */
          const queue = [...(previous.current ? [previous.current] : []), ...previous.queue].filter(
            (item) => item.id !== card.id
          )
          return { ...this.show(next, card, queue), answers, finished: null, loadFailed: false }
        })
      })
      .catch((error) => {
        if (error instanceof HttpError && error.code === 'E_NOTHING_TO_UNDO') {
          this.update((previous) => ({ ...previous, undoAvailable: false }))
          this.events.nothingToUndo(error.title ?? error.message)
        } else {
          this.events.failed(error)
        }
      })
      .finally(() => {
        this.undoing = false
      })
  }

  /**
   * Freeze (the whole note, `note`) or remove (this card only: it is suspended,
   * its sibling cards stay in study) leaves the session at once; the server is
   * told in the background.
   */
  private dropCurrent(
    method: 'POST' | 'DELETE',
    path: string,
    done: () => void,
    scope: 'note' | 'card' = 'note'
  ) {
    const card = this.state.current
    if (!card) return
    if (scope === 'note') this.droppedNotes.add(card.noteId)
    else this.droppedCards.add(card.id)
    const leaves = (item: LearningCard) =>
      scope === 'note' ? item.noteId === card.noteId : item.id === card.id
    this.update((s) => ({ ...s, queue: s.queue.filter((item) => !leaves(item)) }))
    this.advance()
    this.serial(() => requestJson<DropResponse>(path, { method, json: { deck_id: this.deckId } }))
      .then((result) => {
        this.update((s) => ({ ...s, counters: result.topCounters }))
        done()
      })
      .catch((error) => this.events.failed(error))
  }

  freeze = () => {
    const card = this.state.current
    if (card)
      this.dropCurrent('POST', urlFor('learn.cards.freeze', { id: card.id }), () =>
        this.events.frozen()
      )
  }

  remove = () => {
    const card = this.state.current
    if (card)
      this.dropCurrent(
        'DELETE',
        urlFor('learn.cards.destroy', { id: card.id }),
        () => this.events.removed(),
        'card'
      )
  }

  /** "Bury" ('-'): the card leaves the session until the learner's next study day. */
  bury = () => {
    const card = this.state.current
    const path = card && urlFor('learn.cards.bury', { id: card.id })
    if (path) this.dropCurrent('POST', path, () => this.events.buried(), 'card')
  }

  /** Ctrl+1..7: the card shown gets that flag, or loses it when it has it already; the server is told after. */
  flag = (value: number) => {
    const card = this.state.current
    if (!card) return
    const flag = card.flag === value ? 0 : value
    const mark = (to: number) =>
      this.update((s) => ({
        ...s,
        current: s.current?.id === card.id ? { ...s.current, flag: to } : s.current,
        queue: s.queue.map((item) => (item.id === card.id ? { ...item, flag: to } : item)),
      }))
    mark(flag)
    this.serial(() =>
      requestJson<Data.CardFlag>(urlFor('learn.cards.flag', { id: card.id }), {
        method: 'PUT',
        json: { flag },
      })
    ).catch((error) => {
      mark(card.flag)
      this.events.failed(error)
    })
  }

  /**
   * "Move" sends the card's note to another deck. Unlike a freeze it can be
   * refused (the destination full, not the learner's to edit), so the card
   * stays on screen until the server has taken the move; then the note's
   * cards leave the session. The counters catch up at the next answer (the
   * deck job moves the note a moment later).
   */
  move = (destinationId: number) => {
    const card = this.state.current
    if (!card) return
    this.serial(() =>
      requestJson<Data.LearningNoteMoved>(urlFor('learn.cards.move', { id: card.id }), {
        method: 'POST',
        json: { deck_id: this.deckId, destination_deck_id: destinationId },
      })
    )
      .then((result) => {
        this.droppedNotes.add(card.noteId)
        this.update((s) => ({ ...s, queue: s.queue.filter((item) => item.noteId !== card.noteId) }))
        if (this.state.current?.noteId === card.noteId) this.advance()
        this.events.moved(result.destination.name)
      })
      .catch((error) => this.events.failed(error))
  }

  /** The edited card, as the server re-rendered it, takes the current one's place. */
  replaceCurrent = (card: LearningCard | null) => {
    if (!card) return this.advance()
    this.update((s) => ({
      ...s,
      current: s.current?.id === card.id ? card : s.current,
      queue: s.queue.map((item) => (item.id === card.id ? card : item)),
    }))
  }

  retry = () => {
    this.update((s) => ({ ...s, loadFailed: false }))
    this.exhausted = false
    this.fetchMore()
  }

  streakShown = () => {
    this.update((s) => ({ ...s, streak: { ...s.streak, todayShown: true } }))
  }
}
