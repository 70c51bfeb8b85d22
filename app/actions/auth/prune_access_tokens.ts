import db from '@adonisjs/lucid/services/db'

/**
 * Removes the bearer tokens that can no longer be used: expired ones, and
 * successors never picked up whose token expired or was revoked (in one
 * statement: both sets are read before anything is deleted). Returns how
 * many went.
 */
export async function pruneAccessTokens() {
  const result = await db.rawQuery(
    `delete from auth_access_tokens
      where expires_at < now()
         or (handoff is not null
             and (parent_id is null or parent_id in (select id from auth_access_tokens where expires_at < now())))`
  )
  return result.rowCount ?? 0
}
