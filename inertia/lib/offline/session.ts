/*
 * The device's study session on the stored copy (docs/offline.md): each answer and what it changed are
 * written in one IndexedDB transaction, committed before the next card shows; undo takes the last answer
 * not yet sent back out of the queue and puts its cards back as they were.
 */
import type { Answer } from '#scheduling/types'
import { applyAnswer } from '~/lib/offline/queue'
import {
  deckCards,
  done,
  nextSeq,
  transaction,
  type AnswerRecord,
  type CardRecord,
  type DeckRecord,
} from '~/lib/offline/store'

export type ReadyDeck = DeckRecord & {
  settings: NonNullable<DeckRecord['settings']>
  learner: NonNullable<DeckRecord['learner']>
}

export function isReady(deck: DeckRecord | undefined): deck is ReadyDeck {
  return Boolean(deck && deck.status === 'ready' && deck.settings && deck.learner)
}

export async function loadDeck(deckId: number) {
  return transaction(['decks', 'cards'], 'readonly', async (tx) => {
    const deck = (await done(tx.objectStore('decks').get(deckId))) as DeckRecord | undefined
    const cards = await deckCards(tx, deckId)
    return { deck, cards }
  })
}

/** Stores an answer given now (queued for the server) with the cards it changed; resolves once committed. */
export async function recordAnswer(
  deck: ReadyDeck,
  card: CardRecord,
  answer: Answer,
  durationMs: number,
  now: Date
) {
  return transaction(['decks', 'cards', 'answers', 'counter'], 'readwrite', async (tx) => {
    /* the stored state, not the screen's: another tab may have answered meanwhile */
    const stored = (await done(tx.objectStore('decks').get(deck.deckId))) as ReadyDeck
    const cards = await deckCards(tx, deck.deckId)
    const current = cards.find((item) => item.id === card.id) ?? card
    const { changed, day, leech } = applyAnswer(stored, cards, current, answer, now)
    const before = changed.map((item) => cards.find((original) => original.id === item.id)!)
    const record: AnswerRecord = {
      id: crypto.randomUUID(),
      seq: await nextSeq(tx),
      userId: stored.userId,
      rootDeckId: stored.deckId,
      cardId: card.id,
      answer,
      reviewedAt: now.toISOString(),
      durationMs: Math.max(0, Math.round(durationMs)),
      before,
      dayBefore: stored.day,
    }
    tx.objectStore('answers').add(record)
    for (const item of changed) tx.objectStore('cards').put(item)
    tx.objectStore('decks').put({ ...stored, day })
    return { leech }
  })
}

/**
 * Undoes the deck's last answer while it is still on the device: its cards and the day's use go back as they
 * were. An answer already sent (or being sent) is the server's: false.
 */
export async function undoLast(deckId: number) {
  return transaction(['decks', 'cards', 'answers'], 'readwrite', async (tx) => {
    const answers = (await done(tx.objectStore('answers').index('seq').getAll())) as AnswerRecord[]
    const last = answers.filter((answer) => answer.rootDeckId === deckId).at(-1)
    if (!last || last.sentAt) return null
    const deck = (await done(tx.objectStore('decks').get(deckId))) as DeckRecord
    for (const card of last.before) tx.objectStore('cards').put(card)
    tx.objectStore('decks').put({ ...deck, day: last.dayBefore })
    tx.objectStore('answers').delete(last.id)
    return last.cardId
  })
}
