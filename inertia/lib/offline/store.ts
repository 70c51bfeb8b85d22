/*
 * The device's copy of the decks taken offline (docs/offline.md), in IndexedDB: one record per root deck
 * (its download's state, settings and day), its cards, and the answers given offline waiting for the
 * server, in the order given. Plain IndexedDB behind a few promises: no library.
 */
import type {
  OfflineCard,
  OfflineDeckPage,
  OfflineLearner,
  OfflineStudySettings,
  OfflineTreeDeck,
} from '#types/offline'
import type { Answer } from '#scheduling/types'

const NAME = 'mnemo-offline'
const VERSION = 1

type DownloadStatus = 'queued' | 'downloading' | 'ready' | 'failed'

/** One root deck on the device. */
export type DeckRecord = {
  deckId: number
  /** the signed-in account that took it offline: another account on the device sees none of it */
  userId: number
  name: string
  status: DownloadStatus
  /** the download's revision (the server's), and the next page to fetch while it runs (resuming there) */
  revision: string | null
  nextPage: number
  pages: number
  generatedAt: string | null
  decks: OfflineTreeDeck[]
  settings: OfflineStudySettings | null
  learner: OfflineLearner | null
  totals: OfflineDeckPage['totals'] | null
  /** bytes the device keeps for it: card data (as stored JSON) and files */
  dataBytes: number
  mediaBytes: number
  /** the files its cards show, kept in the Cache Storage under `/media/<key>` (media.ts) */
  mediaKeys: string[]
  /** the other decks' reviews due per study day from the download's day (queue.ts otherDecksDue) */
  otherDueByDay: number[] | null
  /** the study day's use counted on the device (daily limits, the streak's active day) */
  day: { day: string; cardIds: number[]; newIds: number[]; allCards: number } | null
  updatedAt: string
}

/** A card as stored: the download's, with the device's own schedule once answered offline. */
export type CardRecord = OfflineCard & { rootDeckId: number; revision: string }

/** An answer given offline, kept until the server acknowledged it. */
export type AnswerRecord = {
  /** the client_review_id (a UUID): the server records an answer with it once, however often it is sent */
  id: string
  /** the order given (auto-increment key of the index) */
  seq?: number
  userId: number
  rootDeckId: number
  cardId: number
  answer: Answer
  reviewedAt: string
  durationMs: number
  /** the cards this answer changed, as they were before it (undo puts them back) */
  before: CardRecord[]
  /** the day's use before it */
  dayBefore: DeckRecord['day']
  /** when it was first sent: from then on it may be the server's, and undo leaves it alone */
  sentAt?: string
}

export type StoreName = 'decks' | 'cards' | 'answers'

let opening: Promise<IDBDatabase> | null = null

function openStore(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      db.createObjectStore('decks', { keyPath: 'deckId' })
      const cards = db.createObjectStore('cards', { keyPath: 'id' })
      cards.createIndex('rootDeckId', 'rootDeckId')
      const answers = db.createObjectStore('answers', { keyPath: 'id' })
      answers.createIndex('seq', 'seq')
      db.createObjectStore('counter')
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => {
      opening = null
      reject(request.error)
    }
  })
  return opening
}

export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/**
 * Runs `work` in one transaction and resolves once it is committed (durably: the answer is on the disk before
 * the next card shows).
 */
export async function transaction<T>(
  stores: (StoreName | 'counter')[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T
): Promise<T> {
  const db = await openStore()
  const tx = db.transaction(stores, mode, { durability: 'strict' })
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new DOMException('aborted', 'AbortError'))
  })
  let result: T
  try {
    result = await work(tx)
  } catch (error) {
    tx.abort()
    await committed.catch(() => {})
    throw error
  }
  await committed
  return result
}

export function getDeck(deckId: number) {
  return transaction(['decks'], 'readonly', (tx) =>
    done(tx.objectStore('decks').get(deckId) as IDBRequest<DeckRecord | undefined>)
  )
}

export function putDeck(record: DeckRecord) {
  return transaction(['decks'], 'readwrite', (tx) => done(tx.objectStore('decks').put(record)))
}

export async function listDecks(userId: number) {
  const all = await transaction(['decks'], 'readonly', (tx) =>
    done(tx.objectStore('decks').getAll() as IDBRequest<DeckRecord[]>)
  )
  return all.filter((deck) => deck.userId === userId)
}

export function deckCards(tx: IDBTransaction, rootDeckId: number) {
  return done(
    tx.objectStore('cards').index('rootDeckId').getAll(rootDeckId) as IDBRequest<CardRecord[]>
  )
}

/** The answers waiting for the server, in the order given. */
export function pendingAnswers(userId: number) {
  return transaction(['answers'], 'readonly', async (tx) => {
    const all = await done(
      tx.objectStore('answers').index('seq').getAll() as IDBRequest<AnswerRecord[]>
    )
    return all.filter((answer) => answer.userId === userId)
  })
}

/** The next number of the answers' order (kept in the same transaction as the answer it numbers). */
export async function nextSeq(tx: IDBTransaction) {
  const counter = tx.objectStore('counter')
  const last = ((await done(counter.get('seq'))) as number | undefined) ?? 0
  counter.put(last + 1, 'seq')
  return last + 1
}

/** Removes a deck's records and cards (its files are the caller's: media.ts). */
export function removeDeckRecords(deckId: number) {
  return transaction(['decks', 'cards'], 'readwrite', async (tx) => {
    const keys = await done(tx.objectStore('cards').index('rootDeckId').getAllKeys(deckId))
    for (const key of keys) tx.objectStore('cards').delete(key)
    tx.objectStore('decks').delete(deckId)
  })
}
