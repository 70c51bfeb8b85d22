/*
 * Taking a root deck offline (docs/offline.md): its pages from the server's download (cards with their
 * rendered sides and schedule, the settings, the learner's day, a revision), its files into the Cache
 * Storage. One deck at a time (a queue of one, the spec's concurrency 1); a deck interrupted (offline, a
 * reload, a closed tab) goes on from the page it stopped at; a deck whose revision changed is fetched again.
 */
import type { OfflineDeckPage } from '#types/offline'
import { urlFor } from '~/lib/routes'
import { HttpError, requestJson } from '~/lib/http'
import {
  done,
  getDeck,
  listDecks,
  pendingAnswers,
  putDeck,
  removeDeckRecords,
  transaction,
  type CardRecord,
  type DeckRecord,
} from '~/lib/offline/store'
import { forgetMedia, keepMedia } from '~/lib/offline/media'
import { otherDecksDue } from '~/lib/offline/queue'

const PER_PAGE = 200
/** What the learner's offline decks may take on this device (shown as "230 MB of 500 MB"). */
export const BUDGET_BYTES = 500 * 1024 * 1024

/* the server's answers that end a deck's offline life on the device */
const GONE = new Set([
  'E_OFFLINE_MODE_OFF',
  'E_DECK_ARCHIVED',
  'E_DECK_UNAVAILABLE',
  'E_NOT_FOUND',
  'E_OFFLINE_SUBDECK',
])

export type DownloadEvent = {
  deckId: number
  status: DeckRecord['status'] | 'removed'
  page: number
  pages: number
  error?: string
}

const listeners = new Set<(event: DownloadEvent) => void>()
const queue: number[] = []
let running = false

export function onDownload(listener: (event: DownloadEvent) => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const tell = (event: DownloadEvent) => listeners.forEach((listener) => listener(event))

function fetchPage(deckId: number, page: number, perPage = PER_PAGE) {
  const url = `${urlFor('decks.offline', { id: deckId })}?page=${page}&per_page=${perPage}`
  return requestJson<OfflineDeckPage>(url)
}

function emptyRecord(deckId: number, userId: number, name: string): DeckRecord {
  return {
    deckId,
    userId,
    name,
    status: 'queued',
    revision: null,
    nextPage: 1,
    pages: 0,
    generatedAt: null,
    decks: [],
    settings: null,
    learner: null,
    totals: null,
    dataBytes: 0,
    mediaBytes: 0,
    mediaKeys: [],
    otherDueByDay: null,
    day: null,
    updatedAt: new Date().toISOString(),
  }
}

/** Puts a deck in the queue (kept on the device, so a reload finds it) and starts the queue. */
export async function queueDownload(deckId: number, userId: number, name: string) {
  const existing = await getDeck(deckId)
  await putDeck({
    ...(existing ?? emptyRecord(deckId, userId, name)),
    name,
    status: 'queued',
    nextPage: 1,
  })
  tell({ deckId, status: 'queued', page: 0, pages: 0 })
  enqueue(deckId)
}

function enqueue(deckId: number) {
  if (!queue.includes(deckId)) queue.push(deckId)
  void pump()
}

async function pump() {
  if (running) return
  running = true
  try {
    for (let deckId = queue.shift(); deckId !== undefined; deckId = queue.shift())
      await download(deckId)
  } finally {
    running = false
  }
}

/* one page into the store: its cards (tagged with the download's revision) and the record's progress */
async function storePage(record: DeckRecord, page: OfflineDeckPage) {
  const cards: CardRecord[] = page.cards.map((card) => ({
    ...card,
    rootDeckId: record.deckId,
    revision: page.revision,
  }))
  const bytes = new Blob([JSON.stringify(page.cards)]).size
  const next: DeckRecord = {
    ...record,
    name: page.name,
    status: page.page.hasMore ? 'downloading' : 'ready',
    revision: page.revision,
    nextPage: page.page.number + 1,
    pages: page.page.pages,
    generatedAt: page.generatedAt,
    decks: page.decks,
    settings: page.settings,
    learner: page.learner,
    totals: page.totals,
    dataBytes: (page.page.number === 1 ? 0 : record.dataBytes) + bytes,
    /* a fresh download's learner day counts every answer the server has: the device counts from there */
    day: page.page.number === 1 ? null : record.day,
    updatedAt: new Date().toISOString(),
  }
  await transaction(['decks', 'cards'], 'readwrite', async (tx) => {
    for (const card of cards) tx.objectStore('cards').put(card)
    /* the last page: cards of an older revision are no longer in the deck */
    if (!page.page.hasMore) {
      const stored = (await done(
        tx.objectStore('cards').index('rootDeckId').getAll(record.deckId)
      )) as CardRecord[]
      for (const card of stored)
        if (card.revision !== page.revision) tx.objectStore('cards').delete(card.id)
      const current = [...stored.filter((card) => card.revision === page.revision), ...cards]
      const unique = [...new Map(current.map((card) => [card.id, card])).values()]
      next.otherDueByDay = otherDecksDue(page.learner, unique)
    }
    tx.objectStore('decks').put(next)
  })
  return next
}

async function download(deckId: number) {
  let record = await getDeck(deckId)
  if (!record) return
  try {
    for (;;) {
      const page = await fetchPage(deckId, record.nextPage)
      /* the deck changed under the download: from the first page again */
      if (record.nextPage > 1 && page.revision !== record.revision) {
        record = { ...record, nextPage: 1, revision: null }
        continue
      }
      if (page.page.number === 1 && !(await fitsBudget(record, page)))
        throw new HttpError('', 507, 'E_OFFLINE_BUDGET')
      const mediaBytes = await keepMedia(page.media)
      record = await storePage(
        {
          ...record,
          mediaBytes: (page.page.number === 1 ? 0 : record.mediaBytes) + mediaBytes,
          mediaKeys: [
            ...new Set([
              ...(page.page.number === 1 ? [] : record.mediaKeys),
              ...page.media.map((file) => file.key),
            ]),
          ],
        },
        page
      )
      tell({ deckId, status: record.status, page: page.page.number, pages: page.page.pages })
      if (!page.page.hasMore) return
    }
  } catch (error) {
    const code = error instanceof HttpError ? error.code : undefined
    if (code && GONE.has(code)) return removeOfflineCopy(deckId)
    /* offline or the server away: it stays queued and goes on from its page at the next start */
    if (code !== 'E_NETWORK') await putDeck({ ...record, status: 'failed' })
    tell({
      deckId,
      status: code === 'E_NETWORK' ? record.status : 'failed',
      page: record.nextPage - 1,
      pages: record.pages,
      error: code,
    })
  }
}

async function fitsBudget(record: DeckRecord, page: OfflineDeckPage) {
  const all = await listDecks(record.userId)
  const others = all.filter((deck) => deck.deckId !== record.deckId)
  const used = others.reduce((sum, deck) => sum + deck.dataBytes + deck.mediaBytes, 0)
  const needed =
    page.totals.mediaBytes + new Blob([JSON.stringify(page.cards)]).size * page.page.pages
  const estimate = await navigator.storage?.estimate?.().catch(() => null)
  const free = estimate?.quota ? estimate.quota - (estimate.usage ?? 0) : Number.POSITIVE_INFINITY
  return used + needed <= BUDGET_BYTES && needed <= free
}

/** Removes a deck's offline copy: its records, cards and the files no other offline deck shows. */
export async function removeOfflineCopy(deckId: number) {
  const record = await getDeck(deckId)
  if (!record) return
  const all = await listDecks(record.userId)
  const others = all.filter((deck) => deck.deckId !== deckId)
  const kept = new Set(others.flatMap((deck) => deck.mediaKeys))
  await removeDeckRecords(deckId)
  await forgetMedia(record.mediaKeys.filter((key) => !kept.has(key)))
  tell({ deckId, status: 'removed', page: 0, pages: 0 })
}

/**
 * At a start with the network: every deck interrupted goes on, and a ready deck whose revision changed (a
 * note edited, added, deleted) is fetched again, once its answers are all on the server.
 */
export async function resumeDownloads(userId: number) {
  if (!navigator.onLine) return
  const pending = await pendingAnswers(userId)
  const waiting = new Set(pending.map((answer) => answer.rootDeckId))
  for (const deck of await listDecks(userId)) {
    if (deck.status === 'queued' || deck.status === 'downloading') enqueue(deck.deckId)
    if (deck.status !== 'ready' || waiting.has(deck.deckId)) continue
    try {
      const first = await fetchPage(deck.deckId, 1, 1)
      if (first.revision !== deck.revision) {
        await putDeck({ ...deck, nextPage: 1 })
        enqueue(deck.deckId)
      }
    } catch (error) {
      if (error instanceof HttpError && error.code && GONE.has(error.code))
        await removeOfflineCopy(deck.deckId)
    }
  }
}
