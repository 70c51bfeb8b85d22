import type { HttpContext } from '@adonisjs/core/http'
import Deck from '#models/deck'

/*
 * The AI stream's server-sent events (transmit): one channel per deck,
 * `ai/decks/<id>`. Only a signed-in user who may see the deck (its owner,
 * an active participant of its tree) may subscribe. The worker broadcasts
 * each note as it is saved and the stream's end; the web page listens.
 */
export const STREAM_CHANNEL_PATTERN = 'ai/decks/:id'
export const streamChannel = (deckId: number) => `ai/decks/${deckId}`
export const isStreamChannel = (channel: string) => /^ai\/decks\/\d{1,10}$/.test(channel)

export type StreamEvent =
  | {
      type: 'note'
      streamId: number
      count: number
      note: { id: number; front: string; back: string; kind: 'basic' | 'cloze' }
    }
  | { type: 'finished'; streamId: number; status: string; count: number; errorCode: string | null }

export async function authorizeStreamChannel(ctx: HttpContext, params: { id: string }) {
  const user = ctx.auth.user
  const id = Number(params.id)
  if (!user || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false
  const deck = await Deck.query()
    .withScopes((s) => s.accessibleBy(user))
    .where('decks.id', id)
    .first()
  return Boolean(deck)
}

/** Broadcasts to the deck's channel; never fails the caller (the apps poll stream_status anyway). */
export async function broadcastStreamEvent(deckId: number, event: StreamEvent) {
  try {
    const { default: transmit } = await import('@adonisjs/transmit/services/main')
    transmit.broadcast(streamChannel(deckId), event as any)
  } catch {
    /* a page that misses an event catches up from stream_status */
  }
}
