import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import { MAX_CARDS_PER_DECK, PROCESSING_STATES } from '#models/deck'
import { assertGuestRoomFor } from '#actions/decks/guest_card_limit'
import { cardsIn } from '#queries/decks/deck_cards'

/*
 * The 3000-card limit counts the cards of one deck (not of its subdecks).
 * Every path that adds cards to a deck checks it where it writes, in its
 * transaction, with the deck's row locked (FOR UPDATE): racing writers then
 * run one after another and each counts the cards the previous one added.
 *
 * A job that will add cards later (moving notes in, reversing) reserves them
 * on the deck it runs on (`processing.reserved`: cards per destination deck);
 * a check at request time counts the reservations of jobs still running, so
 * twenty moves at once are not all accepted into the same free room. The job
 * checks again under the lock when it writes: anything else that added cards
 * meanwhile makes it refuse, and it changes nothing (runDeckJob).
 */

export const cardsLimitReached = () =>
  ApiException.of('E_CARDS_LIMIT_REACHED', {
    values: { max: MAX_CARDS_PER_DECK },
    apiField: 'deck_id',
  })

/**
 * Locks decks' rows in one order (by id), so two writers locking the same decks never wait for each other in a
 * circle.
 */
export async function lockDecks(trx: TransactionClientContract, deckIds: number[]) {
  const ids = [...new Set(deckIds)].sort((a, b) => a - b)
  if (ids.length)
    await trx.rawQuery('select id from decks where id = any(?) order by id for update', [ids])
}

/**
 * How many more cards the deck takes, its row locked until the transaction
 * ends. `reservations: false` is for the jobs themselves: they count what
 * is written, their own reservation included in what they are about to write.
 */
export async function roomIn(
  deckId: number,
  trx: TransactionClientContract,
  options: { reservations?: boolean } = {}
) {
  await lockDecks(trx, [deckId])
  const cards = await cardsIn(trx, [deckId])
  let reserved = 0
  if (options.reservations ?? true) {
    const row = await trx
      .from('decks')
      .whereIn('state', PROCESSING_STATES)
      .select(
        trx.raw(`coalesce(sum((processing -> 'reserved' ->> ?::text)::int), 0) as n`, [
          String(deckId),
        ])
      )
      .first()
    reserved = Number(row.n)
  }
  return MAX_CARDS_PER_DECK - cards - reserved
}

/** Refuses (E_CARDS_LIMIT_REACHED) when `extraCards` more would take the deck over the limit. */
export async function assertRoomFor(
  deckId: number,
  extraCards: number,
  trx: TransactionClientContract,
  options: { reservations?: boolean } = {}
) {
  if (extraCards <= 0) return
  if ((await roomIn(deckId, trx, options)) < extraCards) throw cardsLimitReached()
  /* a guest's cards in all their decks (remote flag guest_cards_created): E_GUEST_CARDS_LIMIT */
  await assertGuestRoomFor(deckId, extraCards, trx)
}
