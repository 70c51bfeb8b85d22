import db from '@adonisjs/lucid/services/db'
import type { CollaborationState, DeckRole } from '#models/deck_collaborator'

export type Collaboration = {
  /** active participants of the shared tree, the owner not counted */
  count: number
  /** the caller's role on the tree */
  role: DeckRole
  /** the caller's collaboration state (always active for the owner) */
  state: CollaborationState
  sharingEnabled: boolean
  /** the root's token, for its owner only */
  sharingToken: string | null
}

/**
 * Sharing as the caller sees each deck tree, by root deck id: one query for
 * any number of decks (the home list, a deck page), so the transformer
 * never asks per deck.
 */
export async function collaborationOf(
  user: { id: number },
  decks: { id: number; rootDeckId: number | null }[]
) {
  const roots = [...new Set(decks.map((deck) => deck.rootDeckId ?? deck.id))]
  const byRoot = new Map<number, Collaboration>()
  if (!roots.length) return byRoot
  const rows = await db.rawQuery(
    `select r.id, r.user_id, r.sharing_enabled, r.sharing_token, mine.role, mine.state,
       (select count(*)::int from deck_collaborators c where c.deck_id = r.id and c.state = 'active') as count
     from decks r left join deck_collaborators mine on mine.deck_id = r.id and mine.user_id = ?
     where r.id = any(?::int[])`,
    [user.id, roots]
  )
  for (const row of rows.rows) {
    const owner = row.user_id === user.id
    byRoot.set(row.id, {
      count: row.count,
      role: owner ? 'owner' : (row.role ?? 'viewer'),
      state: owner ? 'active' : (row.state ?? 'active'),
      sharingEnabled: row.sharing_enabled,
      sharingToken: owner && row.sharing_enabled ? row.sharing_token : null,
    })
  }
  return byRoot
}
