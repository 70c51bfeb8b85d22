import DeckExport from '#models/deck_export'

/* the page lists this many; older ones have long expired */
const LISTED_EXPORTS = 50

/** The user's own exports, newest first. */
export function listExports(user: { id: number }) {
  return DeckExport.query().where('user_id', user.id).orderBy('id', 'desc').limit(LISTED_EXPORTS)
}
