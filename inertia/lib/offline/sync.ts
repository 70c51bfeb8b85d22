/*
 * Back online (docs/offline.md): the answers given offline go to the server's replay in the order given,
 * exactly once. One tab at a time sends (a Web Lock); each answer carries the UUID made when it was given, so
 * a batch sent again after a lost reply, a reload or a crash is recorded once by the server; an answer leaves
 * the device's queue only with the server's reply. The reply's state of each card replaces the device's.
 */
import type { OfflineRejectReason, OfflineReplay } from '#types/offline'
import { xsrfToken } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import {
  done,
  pendingAnswers,
  transaction,
  type AnswerRecord,
  type CardRecord,
} from '~/lib/offline/store'

/* the replay takes 1..1000 answers a call */
const BATCH = 500
const LOCK = 'mnemo-offline-sync'

export type NotApplied = { cardId: number; reviewedAt: string; reason: OfflineRejectReason }
export type SyncReport = { sent: number; applied: number; notApplied: NotApplied[] }

async function replay(batch: AnswerRecord[]): Promise<OfflineReplay | null> {
  const response = await fetch(urlFor('learn.offline_reviews'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Accept': 'application/json',
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': xsrfToken(),
    },
    body: JSON.stringify({
      reviews: batch.map((answer) => ({
        deck_id: answer.rootDeckId,
        card_id: answer.cardId,
        answer: answer.answer,
        reviewed_at: answer.reviewedAt,
        review_duration_ms: answer.durationMs,
        client_review_id: answer.id,
      })),
    }),
  })
  /* signed out, or the server away: the answers stay for the next try */
  if (!response.ok) return null
  return (await response.json()) as OfflineReplay
}

/* marked before sending: from then on the answer may be the server's (undo leaves it) */
function markSent(batch: AnswerRecord[]) {
  const now = new Date().toISOString()
  return transaction(['answers'], 'readwrite', (tx) => {
    for (const answer of batch)
      if (!answer.sentAt) tx.objectStore('answers').put({ ...answer, sentAt: now })
  })
}

/* the reply, in one transaction: the answers leave the queue, the cards take the server's state */
function acknowledge(batch: AnswerRecord[], reply: OfflineReplay) {
  return transaction(['answers', 'cards'], 'readwrite', async (tx) => {
    for (const answer of batch) tx.objectStore('answers').delete(answer.id)
    /* a card answered again since this batch left keeps the device's newer state until that answer is sent */
    const later = (await done(tx.objectStore('answers').getAll())) as AnswerRecord[]
    const waiting = new Set(later.map((answer) => answer.cardId))
    for (const state of reply.cards) {
      if (waiting.has(state.cardId)) continue
      const card = (await done(tx.objectStore('cards').get(state.cardId))) as CardRecord | undefined
      if (card)
        tx.objectStore('cards').put({
          ...card,
          progress: state.progress,
          version: state.version,
          isFrozen: state.isFrozen,
        })
    }
  })
}

/** Sends what waits, if this tab gets the lock (another tab sending does it for all); null when nothing went. */
export async function syncAnswers(userId: number): Promise<SyncReport | null> {
  if (!navigator.onLine || !('locks' in navigator)) return null
  return navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return null
    const report: SyncReport = { sent: 0, applied: 0, notApplied: [] }
    for (;;) {
      const pending = await pendingAnswers(userId)
      const batch = pending.slice(0, BATCH)
      if (!batch.length) break
      await markSent(batch)
      const reply = await replay(batch).catch(() => null)
      if (!reply) return report.sent ? report : null
      await acknowledge(batch, reply)
      report.sent += batch.length
      report.applied += reply.accepted
      report.notApplied.push(...reply.rejected)
    }
    return report
  })
}
