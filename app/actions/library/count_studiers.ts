import db from '@adonisjs/lucid/services/db'

/**
 * A library deck's studiers: the learners who cloned it and answered at
 * least one card of their copy (`studiersCount`, trending's second key).
 * Counted by the worker every hour (SCHEDULES in app/services/queue.ts)
 * rather than on each answer, which stays one statement; only the decks
 * whose count moved are written. Answers how many decks changed.
 */
export async function countLibraryStudiers() {
  const result = await db.rawQuery(`
    WITH counted AS (
      SELECT pd.id, count(DISTINCT lc.user_id) FILTER (
               WHERE EXISTS (
                 SELECT 1 FROM review_logs r JOIN decks d ON d.id = r.deck_id
                  WHERE r.user_id = lc.user_id AND d.root_deck_id = lc.deck_id)
             )::int AS studiers
        FROM public_decks pd
        LEFT JOIN library_clones lc ON lc.public_deck_id = pd.id
       GROUP BY pd.id
    )
    UPDATE public_decks pd SET studiers_count = counted.studiers, updated_at = now()
      FROM counted
     WHERE counted.id = pd.id AND pd.studiers_count <> counted.studiers`)
  return result.rowCount as number
}
