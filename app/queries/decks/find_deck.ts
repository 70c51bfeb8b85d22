import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck from '#models/deck'
import ApiException from '#exceptions/api_exception'
import { INT_MAX } from '#validators/content'

type Viewer = { id: number }

/** A positive integer id, or a 404: "abc" or "-1" must never reach PostgreSQL as a cast error. */
export function idParam(value: unknown) {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT_MAX) throw ApiException.notFound()
  return id
}

/** The deck if this user may see it, else a 404 that does not tell whether it exists. */
export async function findDeck(user: Viewer, id: unknown, trx?: TransactionClientContract) {
  const query = Deck.query({ client: trx }).withScopes((s) => s.accessibleBy(user)).where('decks.id', idParam(id))
  if (trx) query.forUpdate()
  const deck = await query.first()
  if (!deck) throw ApiException.notFound()
  return deck
}

/** Archived decks cannot be edited, and a deck a job is working on waits for it. */
export function assertEditable(deck: Deck) {
  if (deck.state === 'archived') throw new ApiException(409, 'E_DECK_ARCHIVED', 'deck_archived', { hasBody: true })
  if (deck.isProcessing) throw new ApiException(409, 'E_DECK_PROCESSING', 'deck_processing', { hasBody: true })
}

export async function findEditableDeck(user: Viewer, id: unknown, trx?: TransactionClientContract) {
  const deck = await findDeck(user, id, trx)
  assertEditable(deck)
  return deck
}
