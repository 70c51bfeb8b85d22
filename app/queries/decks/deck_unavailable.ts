import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type { UnavailableDeck, UnavailableReason } from '#types/decks'

/*
 * Why a deck this user no longer sees was theirs to see: their collaborator
 * row was ended by the owner (deleted: access removed; disabled: sharing
 * stopped), or the owner deleted the shared deck (a tombstone names who took
 * part). Anyone who never took part gets nothing here: a plain 404.
 */
const REASON = `
  select case c.state when 'deleted' then 'access_removed' else 'sharing_stopped' end as reason
    from decks d join deck_collaborators c on c.deck_id = d.root_deck_id
   where d.id = ? and c.user_id = ? and c.state <> 'active'
  union all
  select 'deleted_by_owner' from shared_deck_tombstones t where t.deck_ids @> array[?]::int[] and t.user_ids
    @> array[?]::int[]
  limit 1`

async function unavailableReason(
  userId: number,
  deckId: number,
  trx?: TransactionClientContract
): Promise<UnavailableReason | null> {
  const { rows } = await (trx ?? db).rawQuery(REASON, [deckId, userId, deckId, userId])
  return rows[0]?.reason ?? null
}

/**
 * The error for a deck the caller cannot see: "deck unavailable" with its
 * reason (ask for a new invite link) for a former participant, a 404 for
 * everyone else. Read only on that path, so it costs the found decks nothing.
 */
export async function notFoundFor(userId: number, deckId: number, trx?: TransactionClientContract) {
  const reason = await unavailableReason(userId, deckId, trx)
  if (!reason) return ApiException.notFound()
  return ApiException.of('E_DECK_UNAVAILABLE', {
    key: `deck_unavailable_${reason}`,
    extra: { reason },
  })
}

/**
 * The main decks this user took part in that are no longer available to
 * them, with why (the spec: a root deck not owned whose collaboration is not
 * active shows an unavailable notice), until they dismiss it (leave_shared_deck.ts).
 * Read only for users who ever were in a shared deck (users.in_shared_decks).
 */
export async function unavailableDecks(user: {
  id: number
  inSharedDecks?: boolean
}): Promise<UnavailableDeck[]> {
  if (!user.inSharedDecks) return []
  const { rows } = await db.rawQuery(
    `select d.id, d.name, case c.state when 'deleted' then 'access_removed' else 'sharing_stopped' end as reason
       from deck_collaborators c join decks d on d.id = c.deck_id
      where c.user_id = ? and c.state <> 'active'
     union all
     select t.deck_id, t.name, 'deleted_by_owner' from shared_deck_tombstones t
      where t.user_ids @> array[?]::int[] and t.name is not null
     order by 1`,
    [user.id, user.id]
  )
  return rows
}
