import db from '@adonisjs/lucid/services/db'

/** A library search as typed (trimmed, lower-cased, at most 200 characters), for popular searches. */
export async function recordSearch(query: string, userId: number | null, resultsCount: number) {
  await db.table('library_searches').insert({
    query: query.trim().toLowerCase().slice(0, 200),
    user_id: userId,
    results_count: resultsCount,
    created_at: new Date(),
  })
}
