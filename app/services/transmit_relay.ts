import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import { busTransport } from '#services/pg_bus_transport'
import { redisUrl } from '#config/redis'

/*
 * Several web nodes behind a balancer that is not sticky: a page's event
 * stream (GET /__transmit/events) is held by one node, and its subscribe
 * request may reach another, where transmit knows no stream of that uid.
 * That node authorizes the request itself (the session's user, the deck),
 * then asks the others over the bus (PostgreSQL's NOTIFY, config/transmit.ts)
 * to subscribe the uid; the node holding the stream does and answers, and
 * only then is the request answered 204, so no broadcast that follows is
 * missed. Nothing node-local decides who may subscribe.
 */
const RELAY_CHANNEL = 'mnemo_transmit_relay'
/** how long a node waits for the node holding the stream to answer */
const RELAY_TIMEOUT_MS = 3000

type RelayMessage =
  | { kind: 'subscribe' | 'unsubscribe'; uid: string; channel: string; requestId: string }
  | { kind: 'subscribed'; requestId: string }

const waiting = new Map<string, (answered: boolean) => void>()
let relaying: Promise<void> | null = null

/**
 * Listens on the relay channel (once per process): a node holding event streams must, and so must one waiting
 * for an answer.
 */
export function listenForRelay() {
  relaying ??= (async () => {
    const transport = busTransport()
    if (!transport) return
    await transport.subscribe(
      RELAY_CHANNEL,
      (message: RelayMessage) => void onRelayMessage(message)
    )
    await transport.listen()
  })().catch(() => {
    relaying = null
  })
  return relaying
}

async function onRelayMessage(message: RelayMessage) {
  if (message.kind === 'subscribed') return waiting.get(message.requestId)?.(true)
  if (message.kind === 'unsubscribe') {
    await transmit.unsubscribe({ uid: message.uid, channel: message.channel, context: null as any })
    return
  }
  /* authorized by the node that took the request: here only the stream is looked up */
  if (
    await transmit.subscribe({
      uid: message.uid,
      channel: message.channel,
      context: null as any,
      skipAuthorization: true,
    })
  ) {
    await busTransport()?.publish(RELAY_CHANNEL, {
      kind: 'subscribed',
      requestId: message.requestId,
    } satisfies RelayMessage)
  }
}

/*
 * Which event streams are open anywhere: a Redis key per uid while its stream
 * is open, so a subscribe for a uid no node holds is refused at once rather
 * than after RELAY_TIMEOUT_MS. Several web nodes share Redis (production
 * requires it); without Redis there is one node and nothing to relay.
 */
const OPEN_KEY = (uid: string) => `mnemo:transmit:open:${uid}`
const OPEN_TTL_S = 24 * 60 * 60

async function openStreams() {
  if (!redisUrl) return null
  const { default: redis } = await import('@adonisjs/redis/services/main')
  return redis
}

/** Marks the uid's stream open on some node until `closed` is called. */
export async function streamOpened(uid: string) {
  const redis = await openStreams()
  await redis?.set(OPEN_KEY(uid), '1', 'EX', OPEN_TTL_S).catch(() => {})
  return () => void redis?.del(OPEN_KEY(uid)).catch(() => {})
}

/** Subscribes a stream held by another node; false when no node holds it (within RELAY_TIMEOUT_MS). */
export async function subscribeElsewhere(uid: string, channel: string) {
  const transport = busTransport()
  const redis = await openStreams()
  if (!transport || !redis || !(await redis.exists(OPEN_KEY(uid)).catch(() => 0))) return false
  await listenForRelay()
  const requestId = randomUUID()
  const answered = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), RELAY_TIMEOUT_MS)
    const done = (value: boolean) => {
      clearTimeout(timer)
      waiting.delete(requestId)
      resolve(value)
    }
    waiting.set(requestId, done)
  })
  try {
    await transport.publish(RELAY_CHANNEL, {
      kind: 'subscribe',
      uid,
      channel,
      requestId,
    } satisfies RelayMessage)
  } catch {
    waiting.get(requestId)?.(false)
  }
  return answered
}

/** Unsubscribes the uid wherever its stream is (no answer awaited). */
export async function unsubscribeElsewhere(uid: string, channel: string) {
  await busTransport()
    ?.publish(RELAY_CHANNEL, {
      kind: 'unsubscribe',
      uid,
      channel,
      requestId: randomUUID(),
    } satisfies RelayMessage)
    .catch(() => {})
}
