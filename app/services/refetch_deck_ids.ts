import { preparedQuery } from '#services/prepared_query'

/*
 * The shared root decks (owned or joined) whose notes or subdecks changed
 * since this access token was last told (the response header
 * `refetch_deck_ids`), and the token's mark moved to the newest change seen,
 * in one statement. A token not yet told starts from its creation. Only run
 * for users in a shared deck (users.in_shared_decks): everyone else pays
 * nothing. A change committed with a timestamp older than a mark already
 * moved past it is missed: the header is a hint, and a client's next full
 * reload shows it anyway.
 */
const CHANGED = `
  with seen as (
    select coalesce(refetch_seen_at, created_at) as at from auth_access_tokens where id = $1
  ), changed as (
    select ch.deck_id as id, ch.changed_at from shared_deck_changes ch
     where ch.user_id = $2 and ch.changed_at > (select at from seen)
    union
    select ch.deck_id, ch.changed_at from deck_collaborators c join shared_deck_changes ch on ch.deck_id = c.deck_id
     where c.user_id = $2 and c.state = 'active' and ch.changed_at > (select at from seen)
  ), marked as (
    update auth_access_tokens set refetch_seen_at = (select max(changed_at) from changed)
     where id = $1 and exists (select 1 from changed)
  )
  select coalesce(array_agg(id order by id), '{}') as ids from changed`

export async function refetchDeckIds(tokenId: number | string, userId: number): Promise<number[]> {
  const [row] = await preparedQuery<{ ids: number[] }>('refetch-deck-ids-3', CHANGED, [
    tokenId,
    userId,
  ])
  return row?.ids ?? []
}
