import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import Deck from '#models/deck'
import ApiException from '#exceptions/api_exception'
import DeckPolicy from '#policies/deck_policy'
import { authorize } from '#services/authorize'
import { INT_MAX } from '#validators/content'
import { notFoundFor } from '#queries/decks/deck_unavailable'

type Viewer = { id: number }
export type DeckAbility = 'view' | 'edit' | 'manage'

/** A positive integer id, or a 404: "abc" or "-1" must never reach PostgreSQL as a cast error. */
export function idParam(value: unknown) {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT_MAX) throw ApiException.notFound()
  return id
}

/** The caller's role on a deck read from `decks`, as a column `access_role` (Deck.roleOf reads it). */
export function roleColumn(user: Viewer, table = 'decks') {
  return db.raw(
    `case when ${table}.user_id = ? then 'owner' else (select c.role from deck_collaborators c where c.deck_id ` +
      `= ${table}.root_deck_id and c.user_id = ? and c.state = 'active') end as access_role`,
    [user.id, user.id]
  )
}

/**
 * The deck if this user may see it (their own, or a shared tree they take
 * part in), else a 404 that does not tell whether it exists; then the
 * ability is checked against their role (DeckPolicy), a 403 if refused.
 * Inside a transaction the deck row is locked.
 */
export async function findDeck(
  user: Viewer,
  id: unknown,
  trx?: TransactionClientContract,
  ability: DeckAbility = 'view'
) {
  const query = Deck.query({ client: trx })
    .withScopes((s) => s.accessibleBy(user))
    .where('decks.id', idParam(id))
    .select('decks.*', roleColumn(user))
  if (trx) query.forUpdate()
  const deck = await query.first()
  /* a former participant is told the deck is unavailable, and why; anyone else a 404 */
  if (!deck) throw await notFoundFor(user.id, idParam(id), trx)
  await authorize(user, DeckPolicy, ability, deck)
  return deck
}

/** Archived decks cannot be edited, and a deck a job is working on waits for it. */
export function assertEditable(deck: Deck) {
  if (deck.state === 'archived') throw ApiException.of('E_DECK_ARCHIVED')
  if (deck.isProcessing) throw ApiException.of('E_DECK_PROCESSING')
}

/** A deck whose content the caller changes (the owner or an editor): not archived, not busy. */
export async function findEditableDeck(
  user: Viewer,
  id: unknown,
  trx?: TransactionClientContract,
  ability: DeckAbility = 'edit'
) {
  const deck = await findDeck(user, id, trx, ability)
  assertEditable(deck)
  return deck
}
