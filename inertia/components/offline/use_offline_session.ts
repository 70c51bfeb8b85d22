import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { Answer } from '#scheduling/types'
import { repeatInterval } from '#scheduling/repeat_text'
import { useT } from '~/lib/i18n'
import { answerDelays, nextCard } from '~/lib/offline/queue'
import { isReady, loadDeck, recordAnswer, undoLast, type ReadyDeck } from '~/lib/offline/session'
import type { CardRecord } from '~/lib/offline/store'
import type { ShownCard } from '~/components/learning/session_screens'

/* the online page's card, from the stored one: the same CardView shows both */
function learningCard(
  deck: ReadyDeck,
  card: CardRecord,
  now: Date,
  text: (seconds: number) => string
): ShownCard & { state: string } {
  const speed = deck.settings.algorithm.type === 'speedLearning'
  return {
    id: card.id,
    front: card.front,
    back: card.back,
    css: card.css,
    typeIn: card.typeIn,
    tts: deck.settings.tts,
    state: card.progress.state,
    flag: card.flag,
    version: card.version,
    answerButtons: answerDelays(deck, card, now).map((button) => ({
      ...button,
      repeatText: speed ? null : text(button.delaySeconds),
    })),
  }
}

/* milliseconds until a card is due, and a little after */
const untilDue = (iso: string) => Math.max(0, Date.parse(iso) - Date.now()) + 100

/**
 * A study session on the device's copy of a root deck: the next card by the server's rules, each answer
 * stored (and committed) before the next card shows, undo of the last answer not yet sent. `onAnswered` runs
 * after each change (the page sends the queue when online).
 */
export function useOfflineSession(deckId: number, onAnswered: () => void) {
  const t = useT()
  const [deck, setDeck] = useState<ReadyDeck | null | undefined>(undefined)
  const [cards, setCards] = useState<CardRecord[]>([])
  const [now, setNow] = useState(() => new Date())
  const [revealed, setRevealed] = useState(false)
  const [studied, setStudied] = useState(0)
  const busy = useRef(false)
  /* when the card shown appeared (the answer's duration) */
  const shownAt = useRef(0)

  const show = (stored: Awaited<ReturnType<typeof loadDeck>>) => {
    setDeck(isReady(stored.deck) ? stored.deck : null)
    setCards(stored.cards)
    setNow(new Date())
    setRevealed(false)
    shownAt.current = Date.now()
  }
  const reload = () => loadDeck(deckId).then(show)
  const shown = useEffectEvent(show)
  useEffect(() => {
    void loadDeck(deckId).then(shown)
  }, [deckId])

  const next = deck ? nextCard(deck, cards, now) : null
  /* nothing now, a learning card later: the session waits for it */
  const nextDueAt = next?.nextDueAt
  useEffect(() => {
    if (!nextDueAt) return
    const timer = setTimeout(() => setNow(new Date()), untilDue(nextDueAt))
    return () => clearTimeout(timer)
  }, [nextDueAt])

  const text = (seconds: number) => {
    const { unit, value } = repeatInterval(seconds)
    return t(`learn.units.${unit}`, { value })
  }
  const card = deck && next?.card ? learningCard(deck, next.card, now, text) : null

  const answer = async (type: Answer) => {
    if (!deck || !next?.card || busy.current) return
    busy.current = true
    try {
      const at = new Date()
      await recordAnswer(deck, next.card, type, at.getTime() - shownAt.current, at)
      setStudied((count) => count + 1)
      await reload()
      onAnswered()
    } finally {
      busy.current = false
    }
  }

  /** false when there is nothing to undo on the device (none yet, or the last answer was sent) */
  const undo = async () => {
    if (busy.current) return true
    busy.current = true
    try {
      const undone = await undoLast(deckId)
      if (undone === null) return false
      setStudied((count) => Math.max(0, count - 1))
      await reload()
      return true
    } finally {
      busy.current = false
    }
  }

  return {
    deck,
    card,
    counts: next?.counts ?? { learning: 0, review: 0, new: 0 },
    nextDueAt,
    revealed,
    studied,
    reveal: () => setRevealed(true),
    answer,
    undo,
    reload,
  }
}
