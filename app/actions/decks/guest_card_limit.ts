import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { freshFlags, remoteFlag } from '#services/remote_flags'

/*
 * Guests create at most guest_cards_created cards (a remote flag, 200 by
 * default; spec 000 §6) in their own decks until they sign up; premium lifts
 * it. Checked by every path that adds cards to a deck, where the deck card
 * limit is checked (assertRoomFor in card_limit.ts), with the deck's row
 * locked: one query for the owner, and a count only for guests.
 */
const guestCardsLimitReached = (limit: number) =>
  ApiException.of('E_GUEST_CARDS_LIMIT', { values: { limit }, apiField: 'deck_id' })

export async function assertGuestRoomFor(
  deckId: number,
  extraCards: number,
  trx: TransactionClientContract
) {
  if (extraCards <= 0) return
  const owner = await trx
    .from('decks')
    .join('users', 'users.id', 'decks.user_id')
    .where('decks.id', deckId)
    .select(
      'users.id',
      'users.provider',
      trx.raw('coalesce(users.premium_override, users.is_premium) as is_premium')
    )
    .first()
  if (!owner || owner.provider !== 'guest' || owner.is_premium) return
  await freshFlags()
  const limit = remoteFlag('guest_cards_created')
  const row = await trx
    .from('cards')
    .join('decks', 'decks.id', 'cards.deck_id')
    .where('decks.user_id', owner.id)
    .count('* as n')
    .first()
  if (Number(row?.n ?? 0) + extraCards > limit) throw guestCardsLimitReached(limit)
}
